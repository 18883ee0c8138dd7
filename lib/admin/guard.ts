/**
 * Who may call the admin's actions (add, edit, delete a product), decided
 * from the request alone: a page of this shop (Origin) and an admin session;
 * and what a session is to the admin pages (adminStanding, which
 * admin-proof.ts turns into the proof the admin reads take). Pure, so the
 * rules are unit-tested; the actions and pages feed them the real headers
 * and session.
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

export type AdminStanding = "admin" | "not_admin" | "unavailable";

/** What the request's session user is to the admin's pages and actions. */
export function adminStanding(user: Caller["user"]): AdminStanding {
  if (user === "unavailable") return "unavailable";
  return user?.isAdmin === true ? "admin" : "not_admin";
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
  const standing = adminStanding(caller.user);
  if (standing === "unavailable") return { ok: false, error: REFUSALS.unavailable, fieldErrors: {} };
  if (standing === "not_admin") return { ok: false, error: REFUSALS.notAdmin, fieldErrors: {} };
  return null;
}
