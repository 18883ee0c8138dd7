/**
 * Every cookie the shop sets, with its options, in one place. All are
 * httpOnly and SameSite=Lax; Secure whenever the site is served over https.
 */
import "server-only";
import { siteUrl } from "@/lib/env";

export function secureCookies(): boolean {
  return siteUrl().startsWith("https://");
}

/** The guest cart's random id, kept for a year. (next-auth sets and names its own session cookie.) */
export function guestCartCookie() {
  const secure = secureCookies();
  return {
    name: secure ? "__Host-sf_cart" : "sf_cart",
    options: { httpOnly: true, sameSite: "lax" as const, secure, path: "/", maxAge: 60 * 60 * 24 * 365 },
  };
}
