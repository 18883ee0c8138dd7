/**
 * Who may call the admin's actions (add, edit, delete a product), decided
 * from the request alone: a page of this shop (Origin) and an admin session. Pure, so the rule is
 * unit-tested; the action feeds it the real headers and session.
 */
import { isSameOrigin } from "@/lib/security/same-origin";
import type { AddProductResult } from "./product-form";

export const REFUSALS = {
  crossOrigin: "This request did not come from the shop's own page.",
  notAdmin: "Only a signed-in admin can change products. Sign in again on the admin sign-in page.",
  unavailable: "The shop is briefly unavailable, so your session could not be checked. Please try again in a moment.",
} as const;

export interface Caller {
  origin: string | null;
  host: string | null;
  forwardedHost: string | null;
  /** "unavailable": the session could not be checked (the store did not answer); neither admin nor signed out. */
  user: { isAdmin: boolean; email?: string; uid?: string } | null | "unavailable";
}

/** Who a recorded change names: the admin's email (their uid when the account has none). */
export function changedBy(caller: Caller): string {
  const user = typeof caller.user === "object" && caller.user ? caller.user : null;
  return user?.email || user?.uid || "unknown admin";
}

/** The refusal to answer with, or null when the caller may change products. */
export function refuseCaller(caller: Caller): Extract<AddProductResult, { ok: false }> | null {
  if (!isSameOrigin(caller.origin, caller.host, caller.forwardedHost)) {
    return { ok: false, error: REFUSALS.crossOrigin, fieldErrors: {} };
  }
  if (caller.user === "unavailable") return { ok: false, error: REFUSALS.unavailable, fieldErrors: {} };
  if (caller.user?.isAdmin !== true) return { ok: false, error: REFUSALS.notAdmin, fieldErrors: {} };
  return null;
}
