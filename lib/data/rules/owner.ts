/**
 * The two kinds of cart owner (CartOwner, ../contract/cart.ts): a guest, keyed by the
 * random id in the guest cart cookie, and a signed-in user, keyed by uid.
 * Pure: the sign-in (lib/auth/on-signed-in.ts) and the request's owner
 * (lib/cart/owner.ts) both build owners here.
 */
import type { CartOwner } from "../contract/cart";

/** The shape of a guest id: a v4 UUID, as the cart cookie is issued (lib/cart/owner.ts). */
const GUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The guest owner a cookie value names, or null for a missing or tampered value. */
export function guestOwner(cookieValue: string | undefined): CartOwner | null {
  return cookieValue && GUEST_ID.test(cookieValue) ? `guest:${cookieValue}` : null;
}

export function userOwner(uid: string): CartOwner {
  return `user:${uid}`;
}
