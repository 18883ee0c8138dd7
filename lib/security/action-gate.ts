/**
 * proxy.ts's gate for a server action call (a POST with Next-Action) or a
 * form posted without JavaScript (its fields name the action): limited per
 * client address (`limit`: cart or admin actions), from this site only, at
 * most `limitBytes` (lib/security/action-limits.ts), well-formed (action-request.ts) and naming an action this
 * build has (known-actions.ts). A refusal is a plain-text 4xx, never Next's
 * 500; one naming no action of this build is answered as Next answers it
 * (marked for Next's client, which reloads the page: the page is older or
 * newer than the deployment) and is one short warning a minute in the log
 * (`security.unknown_action`), where Next would log a stack per request.
 */
import "server-only";
import { warnThrottled } from "@/lib/log/warn-throttled";
import { refuseActionRequest, refuseFormPost } from "./action-request";
import { isKnownAction } from "./known-actions";
import type { RateLimitKind } from "./rate-limit";
import { limitRequest } from "./request-client";

/** The header Next's client reads as "no such action here" (next/dist/client/components/app-router-headers: NEXT_ACTION_NOT_FOUND_HEADER). */
const ACTION_NOT_FOUND_HEADER = "x-nextjs-action-not-found";

/** The answer refusing this action call or form post, or null to let Next handle it. */
export async function actionCallRefusal(request: Request, limit: RateLimitKind, limitBytes: number): Promise<Response | null> {
  const limited = await limitRequest(limit, request.headers);
  if (limited) return limited;
  const actionId = request.headers.get("next-action");
  const check = actionId !== null ? refuseActionRequest : refuseFormPost;
  const refusal = await check({
    origin: request.headers.get("origin"),
    host: request.headers.get("host"),
    forwardedHost: request.headers.get("x-forwarded-host"),
    contentType: request.headers.get("content-type"),
    contentLength: request.headers.get("content-length"),
    body: () => request.clone().body,
    actionId,
    isKnownAction,
    limitBytes,
  });
  if (!refusal) return null;
  const headers = new Headers({ "Content-Type": "text/plain", "Cache-Control": "no-store" });
  if (refusal.unknownAction) {
    headers.set(ACTION_NOT_FOUND_HEADER, "1");
    warnThrottled("security.unknown_action", "Server action calls named no action this build has", { status: refusal.status });
  }
  return new Response(refusal.message, { status: refusal.status, headers });
}
