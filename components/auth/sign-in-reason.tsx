"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { FIND_ORDER_PATH } from "@/lib/orders/paths";
import styles from "./forms.module.css";

const noSubscription = () => () => {};
const ORDER_PAGE = /^\/orders-page\/[A-Za-z0-9_-]+$/;

/** The page's ?callbackUrl, read in the browser (the sign page is static); null while rendering on the server. */
function callbackPath(): string | null {
  return new URLSearchParams(window.location.search).get("callbackUrl");
}

/**
 * Above the sign-in forms when an order's link, opened signed out, led here
 * (proxy.ts): why to sign in, that the page comes back to the order, and, for
 * a guest, the way to a new link instead ("find my order").
 */
export function SignInReason() {
  const callback = useSyncExternalStore(noSubscription, callbackPath, () => null);
  if (callback === null || !ORDER_PAGE.test(callback)) return null;
  return (
    <p className={styles.reason} data-testid="sign-in-reason">
      Sign in to see your order: you will be taken back to it. Ordered as a guest?{" "}
      <Link href={FIND_ORDER_PATH}>Get a new link to your order by email</Link>.
    </p>
  );
}
