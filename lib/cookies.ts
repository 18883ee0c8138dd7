/**
 * Every cookie the shop sets, with its options, in one place: the guest
 * cart's id (set here, by lib/cart/owner.ts) and the session (set by
 * next-auth with the name and options given here, lib/auth/options.ts; read
 * by proxy.ts), both httpOnly (page scripts never see them); and the one
 * notice page scripts read and delete: the guest lines a cart merge left out
 * (lib/cart/left-out-notice.ts). All are SameSite=Lax (other sites cannot
 * send them with their POSTs). On https,
 * decided by the one rule in lib/security/https.ts (on Vercel always, else
 * by the site URL's scheme), every cookie is Secure and carries a prefix that
 * browsers accept only from a secure origin with the Secure flag, so a
 * plain-http response can never plant or overwrite it.
 */
import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { leftOutCookieName } from "@/lib/cart/left-out-notice";
import { servedOverHttps } from "@/lib/security/https";

type HttpsSource = Pick<ServerEnv, "VERCEL" | "SITE_URL" | "NEXTAUTH_URL">;

/** Whether the shop's cookies are Secure (and prefixed). */
export function secureCookies(env: HttpsSource = serverEnv()): boolean {
  return servedOverHttps(env);
}

export interface ShopCookie {
  name: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean; maxAge?: number };
}

/** The guest cart's random id, kept for a year. __Host-: this host only, Path=/. */
export function guestCartCookie(env: HttpsSource = serverEnv()): ShopCookie & { options: { maxAge: number } } {
  const secure = secureCookies(env);
  return {
    name: secure ? "__Host-sf_cart" : "sf_cart",
    options: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 60 * 60 * 24 * 365 },
  };
}

/**
 * The sentence naming the guest lines a cart merge left out, until the
 * browser shows it (a day at most). Page scripts read it, so it is not
 * httpOnly; it holds product names only. __Host- on https, as the cart's.
 */
export function leftOutNoticeCookie(env: HttpsSource = serverEnv()) {
  const secure = secureCookies(env);
  return {
    name: leftOutCookieName(secure),
    options: { httpOnly: false, sameSite: "lax", secure, path: "/", maxAge: 60 * 60 * 24 } as const,
  };
}

/**
 * A guest's way back from Stripe's payment page to their order
 * (lib/orders/card-payment.ts): "<orderId>.<token>", set as the shopper
 * leaves for Stripe, so the token is never in a URL Stripe sees. httpOnly,
 * SameSite=Lax (a top-level navigation back from Stripe carries it), a day.
 */
export function cardReturnCookie(env: HttpsSource = serverEnv()): ShopCookie & { options: { maxAge: number } } {
  const secure = secureCookies(env);
  return {
    name: secure ? "__Host-sf_card_return" : "sf_card_return",
    options: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 60 * 60 * 24 },
  };
}

/**
 * An address book form refused without JavaScript (lib/addresses/address-form-flash.ts):
 * what was typed and each field's error, for the form page the refusal
 * leads back to (a plain post cannot carry them otherwise). httpOnly, a
 * minute, replaced by the next post and removed when one saves.
 */
export function addressFormFlashCookie(env: HttpsSource = serverEnv()): ShopCookie & { options: { maxAge: number } } {
  const secure = secureCookies(env);
  return {
    name: secure ? "__Host-sf_address_form" : "sf_address_form",
    options: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 60 },
  };
}

const SESSION_BASE_NAME = "next-auth.session-token";

/**
 * next-auth's session cookie (a JWT); next-auth gives it its lifetime. The
 * sign-in (lib/auth/options.ts) and the admin gate (proxy.ts) both take its
 * name from here, so they always agree.
 */
export function sessionCookie(env: HttpsSource = serverEnv()): ShopCookie {
  const secure = secureCookies(env);
  return {
    name: secure ? `__Secure-${SESSION_BASE_NAME}` : SESSION_BASE_NAME,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure },
  };
}

/** Reads a cookie out of a raw Cookie header (next-auth's authorize() only gets headers). */
export function cookieFromHeader(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
