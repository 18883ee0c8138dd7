"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { SiteLink } from "@/components/links/site-link";
import { loadShownAccount, shownAccount, showSession, stopShownAccount } from "@/lib/auth/browser/shown-account";
import { CART_OWNER_CHANNEL, SESSION_CHANGED_EVENT, sessionNowOf } from "@/lib/live/protocol";
import styles from "./account-menu.module.css";
import { SignedInAccount } from "./signed-in-account";

/**
 * The header's account area, a client island so cached pages stay static:
 * the server renders a Sign In link that stays hidden where scripts run
 * (the one a browser without JavaScript follows), the browser asks
 * /api/auth/session and shows the name with Sign Out, or Sign In
 * (lib/auth/browser/shown-account.ts, which cart changes also name as the
 * owner they expect). It asks again whenever a sign-in or sign-out says so,
 * on this page (SESSION_CHANGED_EVENT) or in another tab of this browser
 * (CART_OWNER_CHANNEL): every open tab shows the same account, at once when
 * the other tab said which (a SessionNow), and confirmed by a read. While the
 * store cannot check a session (an outage), the shopper is still signed in:
 * the header says the account is unavailable and asks again shortly, rather
 * than offering Sign In to someone who never left.
 */
export function AccountMenu() {
  const router = useRouter();
  const state = useStore(shownAccount, (shown) => shown.account);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    loadShownAccount();
    window.addEventListener(SESSION_CHANGED_EVENT, loadShownAccount);
    const otherTabs = typeof BroadcastChannel === "function" ? new BroadcastChannel(CART_OWNER_CHANNEL) : null;
    if (otherTabs) {
      otherTabs.onmessage = (message: MessageEvent) => {
        const known = sessionNowOf(message.data);
        if (known) showSession(known);
        loadShownAccount();
      };
    }
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, loadShownAccount);
      otherTabs?.close();
      stopShownAccount();
    };
  }, []);

  async function onSignOut() {
    setSigningOut(true);
    try {
      // Firebase loads only when someone signs out, not on every page.
      const { signOutEverywhere } = await import("@/lib/auth/browser/firebase-client");
      await signOutEverywhere();
      showSession({ account: null });
      router.refresh();
    } finally {
      setSigningOut(false);
    }
  }

  if (state.status === "loading") {
    // Hidden until the session is known; a browser that runs no script shows it (the CSS's scripting query).
    return (
      <a href="/sign-page" className={`${styles.signIn} ${styles.placeholder}`} data-testid="account-loading">
        Sign In
      </a>
    );
  }
  if (state.status === "signed-out") return <SignInLink />;
  if (state.status === "unavailable") {
    return (
      <span className={styles.account} role="status" data-testid="account-unavailable">
        <span className={styles.name}>
          <small>Your account is</small>
          <span className={styles.nameText}>briefly unavailable</span>
        </span>
      </span>
    );
  }
  return <SignedInAccount name={state.name} signingOut={signingOut} onSignOut={onSignOut} />;
}

/** The header's Sign In link, prefetched on intent as every header link is (lib/site-links.ts). */
function SignInLink() {
  return (
    <SiteLink href="/sign-page" className={styles.signIn}>
      Sign In
    </SiteLink>
  );
}
