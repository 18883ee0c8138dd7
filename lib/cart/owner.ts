/**
 * Whose cart a request works on, decided on the server only: the signed-in
 * user's uid, else the guest id in the httpOnly cart cookie. Never taken from
 * a request body or URL.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { guestCartCookie } from "@/lib/cookies";
import type { CartOwner } from "@/lib/data/types";

const GUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The guest owner a cookie value names, or null for a missing or tampered value. */
export function guestOwner(cookieValue: string | undefined): CartOwner | null {
  return cookieValue && GUEST_ID.test(cookieValue) ? `guest:${cookieValue}` : null;
}

export function userOwner(uid: string): CartOwner {
  return `user:${uid}`;
}

/** Reads a cookie out of a raw Cookie header (next-auth's authorize() only gets headers). */
export function cookieFromHeader(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The owner of this request's cart. With `create`, a guest without a cart
 * cookie gets one (only server actions and route handlers may set cookies);
 * without it, such a guest has no cart yet and gets null.
 */
export async function currentCartOwner(options: { create: boolean }): Promise<CartOwner | null> {
  const user = await currentUser();
  if (user) return userOwner(user.uid);
  const jar = await cookies();
  const cookie = guestCartCookie();
  const existing = guestOwner(jar.get(cookie.name)?.value);
  if (existing || !options.create) return existing;
  const id = randomUUID();
  jar.set(cookie.name, id, cookie.options);
  return `guest:${id}`;
}
