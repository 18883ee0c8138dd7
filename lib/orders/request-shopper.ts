/**
 * This request's shopper for the order pages: the signed-in user (or null)
 * and the cart's owner, from one session read (lib/cart/owner.ts decides the
 * owner as the cart does). Request time only; never issues a cookie.
 */
import "server-only";
import { cookies } from "next/headers";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { cartOwnerOf } from "@/lib/cart/owner";
import { guestCartCookie } from "@/lib/cookies";
import type { CartOwner } from "@/lib/data/contract/cart";

interface RequestShopper {
  user: SessionUser | null;
  owner: CartOwner | null;
}

/** Throws StoreError("unavailable") when the session cannot be checked (lib/auth/session.ts). */
export async function requestShopper(): Promise<RequestShopper> {
  const jar = await cookies();
  let user: SessionUser | null = null;
  const owner = await cartOwnerOf(
    {
      user: async () => (user = await currentUser()),
      guestId: () => jar.get(guestCartCookie().name)?.value,
      setGuestId: () => {
        throw new Error("An order page never issues a cart cookie");
      },
    },
    { create: false },
  );
  return { user, owner };
}
