/**
 * Whose cart a request works on, decided on the server only: the signed-in
 * user's uid, else the guest id in the httpOnly cart cookie. Never taken from
 * a request body or URL.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { guestCartCookie } from "@/lib/cookies";
import { guestOwner, userOwner } from "@/lib/data/owner";
import type { CartOwner } from "@/lib/data/types";

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
 */
export async function cartOwnerOf(request: OwnerRequest, options: { create: boolean }): Promise<CartOwner | null> {
  const user = await request.user();
  if (user) return userOwner(user.uid);
  const existing = guestOwner(request.guestId());
  if (existing || !options.create) return existing;
  const id = randomUUID();
  request.setGuestId(id);
  return `guest:${id}`;
}

/**
 * This request's cart owner (cartOwnerOf on the request's session and
 * cookies). Issuing a guest cookie works only in server actions and route
 * handlers, the only places that may set cookies.
 */
export async function currentCartOwner(options: { create: boolean }): Promise<CartOwner | null> {
  const jar = await cookies();
  const cookie = guestCartCookie();
  return cartOwnerOf(
    {
      user: currentUser,
      guestId: () => jar.get(cookie.name)?.value,
      setGuestId: (id) => jar.set(cookie.name, id, cookie.options),
    },
    options,
  );
}
