/**
 * Whose cart a request works on, decided on the server only: the signed-in
 * user's uid, else the guest id in the httpOnly cart cookie. Never taken from
 * a request body or URL.
 */
import "server-only";
import { log } from "@/lib/log";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { guestCartCookie, leftOutNoticeCookie } from "@/lib/cookies";
import { guestOwner, userOwner } from "@/lib/data/rules/owner";
import { getStore } from "@/lib/data";
import { LIMITS } from "@/lib/data/contract/limits";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { leftOutMessage } from "./left-out-notice";
import { OwnerMismatchError, sessionRefusal, type ExpectedOwner } from "./session-guard";

/** What deciding the owner reads from a request; currentCartOwner passes the real ones. */
export interface OwnerRequest {
  /** The signed-in user or null; throws when the session cannot be checked (currentUser). */
  user(): Promise<SessionUser | null>;
  /** The guest cart cookie's value, if any. */
  guestId(): string | undefined;
  /** Issues a new guest cart cookie. */
  setGuestId(id: string): void;
}

/**
 * The owner of a request's cart. With `create`, a guest without a cart
 * cookie gets one; without it, such a guest has no cart yet and gets null.
 * A session that cannot be checked (the store is down) throws, typed
 * StoreError("unavailable"): a signed-in shopper's request must never fall
 * back to a guest cart, where their add would land in the wrong cart.
 * With `expected` (the owner the page shows, session-guard.ts), a session
 * that is not that owner throws OwnerMismatchError before any guest cookie
 * is issued: a tab still showing an account whose session ended in another
 * tab never fills a guest cart.
 */
export async function cartOwnerOf(
  request: OwnerRequest,
  options: { create: boolean; expected?: ExpectedOwner },
): Promise<CartOwner | null> {
  const user = await request.user();
  const refusal = sessionRefusal(options.expected, user?.uid ?? null);
  if (refusal) throw new OwnerMismatchError(refusal);
  if (user) return userOwner(user.uid);
  const existing = guestOwner(request.guestId());
  if (existing || !options.create) return existing;
  const id = randomUUID();
  request.setGuestId(id);
  return `guest:${id}`;
}

/** A signed-in request's guest cart cookie, as settleGuestCart sees it, and where it leaves the left-out notice. */
export interface GuestCookie {
  guestId(): string | undefined;
  clearGuestId(): void;
  /** Sets the notice naming the guest lines the merge had no room for (left-out-notice.ts): this answer carries it. */
  noteLeftOut(message: string): void;
}

/**
 * How long after a sign-in the guest cookie is kept once the guest cart is
 * empty: an add the guest sent just before signing in may still land in the
 * guest cart after the sign-in's merge.
 */
export const GUEST_COOKIE_AFTER_SIGN_IN_S = 60;

/**
 * A signed-in request that still carries a guest cart cookie: the guest's
 * lines were not all merged at sign-in (the merge failed, or a line landed
 * after it). They are merged now. The cookie is dropped once the guest cart
 * is found empty and the session is older than GUEST_COOKIE_AFTER_SIGN_IN_S,
 * so a line that lands after a merge is merged by a later request, never left
 * behind. Guest lines the account's cart had no room for are logged by count
 * and noted in words for the shopper (noteLeftOut), who is told once. A
 * failure is logged and tried again by the next request that settles.
 */
export async function settleGuestCart(
  cookie: GuestCookie,
  user: { owner: CartOwner; sessionAgeSeconds: number },
  store: Pick<Store, "hasCart" | "mergeCarts">,
): Promise<void> {
  const guest = guestOwner(cookie.guestId());
  if (!guest) return;
  try {
    if (await store.hasCart(guest)) {
      const { dropped } = await store.mergeCarts(guest, user.owner);
      if (dropped.length > 0) {
        log.warn("cart.merge_lines_left_out", "Guest cart lines were not merged: the account's cart holds at most its limit", {
          dropped: dropped.length,
          cartLinesMax: LIMITS.cartLinesMax,
        });
        cookie.noteLeftOut(leftOutMessage(dropped, LIMITS.cartLinesMax));
      }
    } else if (user.sessionAgeSeconds > GUEST_COOKIE_AFTER_SIGN_IN_S) cookie.clearGuestId();
  } catch (error) {
    log.error("cart.merge_failed", "Could not merge the guest cart into the account; the next cart request tries again", error);
  }
}

/**
 * This request's cart owner (cartOwnerOf on the request's session and
 * cookies). Issuing a guest cookie works only in server actions and route
 * handlers, the only places that may set cookies; with `settle` (there too),
 * a signed-in shopper's leftover guest cart is merged (settleGuestCart).
 * A mismatch with `expected` throws before either (cartOwnerOf).
 */
export async function currentCartOwner(options: {
  create: boolean;
  settle?: boolean;
  expected?: ExpectedOwner;
}): Promise<CartOwner | null> {
  const jar = await cookies();
  const cookie = guestCartCookie();
  const guestId = () => jar.get(cookie.name)?.value;
  let user: SessionUser | null = null;
  const readUser = async () => (user = await currentUser());
  const owner = await cartOwnerOf({ user: readUser, guestId, setGuestId: (id) => jar.set(cookie.name, id, cookie.options) }, options);
  const signedIn = user as SessionUser | null;
  if (options.settle && owner && signedIn) {
    const sessionAgeSeconds = Date.now() / 1000 - signedIn.signedInAt;
    const clearGuestId = () => jar.delete({ name: cookie.name, path: cookie.options.path });
    const notice = leftOutNoticeCookie();
    const noteLeftOut = (message: string) => jar.set(notice.name, message, notice.options);
    await settleGuestCart({ guestId, clearGuestId, noteLeftOut }, { owner, sessionAgeSeconds }, await getStore());
  }
  return owner;
}
