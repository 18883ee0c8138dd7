import "server-only";
import { log } from "@/lib/log";
import { cookieFromHeader, guestCartCookie } from "@/lib/cookies";
import { getStore } from "@/lib/data";
import { guestOwner, userOwner } from "@/lib/data/rules/owner";
import { LIMITS } from "@/lib/data/contract/limits";
import { leftOutMessage } from "@/lib/cart/left-out-notice";
import type { VerifiedUser } from "./verify-id-token";

/** What the shopper is told about a sign-in's cart merge. */
interface SignInOutcome {
  /** The sentence naming the guest lines the account's cart had no room for; null when all moved, or nothing to move. */
  leftOut: string | null;
}

/**
 * What a sign-in does besides the session: creates user/{uid} when missing,
 * or brings its name and address up to Firebase Auth's (an email changed
 * from the account page, confirmed in another browser), and moves the
 * guest's cart into the account. Neither
 * may block the sign-in itself, so failures are logged, not thrown. Guest
 * lines the account's cart had no room for are logged by count and returned
 * in words, so the shopper is told which (lib/cart/left-out-notice.ts: the
 * sign-in sets it in the notice's cookie, the sign-in form shows it).
 */
export async function onSignedIn(user: VerifiedUser, cookieHeader: string | undefined): Promise<SignInOutcome> {
  const store = await getStore();
  try {
    const profile = { displayName: user.displayName, email: user.email };
    const { user: stored, created } = await store.createUserIfMissing(user.uid, profile);
    // The profile follows Firebase Auth, which holds the account: an address confirmed since the last sign-in is copied.
    if (!created && (stored.email !== profile.email || stored.displayName !== profile.displayName)) {
      await store.updateUserProfile(user.uid, profile);
    }
  } catch (error) {
    log.error("auth.user_create_failed", "Could not record the signed-in user", error);
  }
  const guest = guestOwner(cookieFromHeader(cookieHeader, guestCartCookie().name));
  if (!guest) return { leftOut: null };
  try {
    const { dropped } = await store.mergeCarts(guest, userOwner(user.uid));
    if (dropped.length === 0) return { leftOut: null };
    log.warn(
      "auth.merge_lines_left_out",
      "A sign-in left guest cart lines out: the account's cart holds at most its limit (the oldest stay out)",
      { dropped: dropped.length, cartLinesMax: LIMITS.cartLinesMax },
    );
    return { leftOut: leftOutMessage(dropped, LIMITS.cartLinesMax) };
  } catch (error) {
    // Retried by the next cart request (settleGuestCart, lib/cart/owner.ts).
    log.error("auth.cart_merge_failed", "Could not merge the guest cart into the account", error);
    return { leftOut: null };
  }
}
