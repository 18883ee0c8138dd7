/**
 * Who may call the add-product action, decided from the request alone: a
 * page of this shop (Origin) and an admin session. Pure, so the rule is
 * unit-tested; the action feeds it the real headers and session.
 */
import { isSameOrigin } from "@/lib/security/same-origin";
import type { AddProductResult } from "./product-form";

export const REFUSALS = {
  crossOrigin: "This request did not come from the shop's own page.",
  notAdmin: "Only a signed-in admin can add products. Sign in again on the admin sign-in page.",
  unavailable: "The shop is briefly unavailable, so your session could not be checked. Please try again in a moment.",
} as const;

export interface Caller {
  origin: string | null;
  host: string | null;
  forwardedHost: string | null;
  /** "unavailable": the session could not be checked (the store did not answer); neither admin nor signed out. */
  user: { isAdmin: boolean } | null | "unavailable";
}

/** The refusal to answer with, or null when the caller may add products. */
export function refuseCaller(caller: Caller): Extract<AddProductResult, { ok: false }> | null {
  if (!isSameOrigin(caller.origin, caller.host, caller.forwardedHost)) {
    return { ok: false, error: REFUSALS.crossOrigin, fieldErrors: {} };
  }
  if (caller.user === "unavailable") return { ok: false, error: REFUSALS.unavailable, fieldErrors: {} };
  if (caller.user?.isAdmin !== true) return { ok: false, error: REFUSALS.notAdmin, fieldErrors: {} };
  return null;
}
