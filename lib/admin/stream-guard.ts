/**
 * Who may open the order desk's live stream (/api/admin/order-events): an
 * admin session, as for the admin actions (guard.ts's adminStanding on the
 * same session read, request-caller.ts). A GET from the shop's own page
 * carries no Origin (the browser sends one on a cross-origin EventSource);
 * one that names another site is refused, so no other site holds a stream
 * open on an admin's cookies. Pure, so the rules are unit-tested.
 */
import { isSameOrigin } from "@/lib/security/same-origin";
import { adminStanding, type Caller } from "./guard";

export const STREAM_REFUSALS = {
  crossOrigin: "This stream is for the shop's own order desk.",
  signedOut: "Sign in as an admin to follow new orders.",
  notAdmin: "Only an admin can follow new orders.",
  unavailable: "The shop is briefly unavailable, so your session could not be checked. Please try again in a moment.",
} as const;

interface StreamRefusal {
  /** 403 another site or a signed-in shopper, 401 signed out, 503 the session could not be checked. */
  status: 401 | 403 | 503;
  message: string;
}

/** The refusal to answer with, or null when the caller is an admin on the shop's own page. */
export function refuseStreamCaller(caller: Caller): StreamRefusal | null {
  if (caller.origin !== null && !isSameOrigin(caller.origin, caller.host, caller.forwardedHost)) {
    return { status: 403, message: STREAM_REFUSALS.crossOrigin };
  }
  const standing = adminStanding(caller.user);
  if (standing === "admin") return null;
  if (standing === "unavailable") return { status: 503, message: STREAM_REFUSALS.unavailable };
  return caller.user === null ? { status: 401, message: STREAM_REFUSALS.signedOut } : { status: 403, message: STREAM_REFUSALS.notAdmin };
}
