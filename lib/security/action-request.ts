/**
 * The shape check for server action calls, run by proxy.ts before Next
 * decodes them. Next answers a malformed action body (not JSON, a dangling
 * Flight reference such as "$Q5", a missing form field) with a 500 from deep
 * inside its decoder; here such a call gets a plain 4xx and never reaches it.
 *
 * What passes is exactly what our actions are ever sent by React's
 * encodeReply: a JSON array of plain values (text/plain), or the same array
 * in form field "0" with FormData parts beside it (multipart/form-data).
 * Calls from another site are refused first (403). Flight's reference strings are refused except the few that encode plain
 * values (undefined, NaN, ±Infinity, -0, dates, bigints, and FormData parts
 * in a multipart body: action-call-rules.ts). A call naming an action this
 * build does not have is answered as Next answers it (404), without Next's
 * warning and stack per request. Well-formed calls are decoded and
 * validated by Next and then by each action itself, as before.
 */

import { actionFormRefusal } from "./action-form";
import { actionIdRefusal, onlyPlainValues, type ActionRefusal, type KnownAction } from "./action-call-rules";
import { ACTION_BODY_LIMITS } from "./action-limits";
import { isSameOrigin } from "./same-origin";

/** The shopper's limit, which every call has unless it says otherwise. */
export const ACTION_BODY_LIMIT_BYTES = ACTION_BODY_LIMITS.shopper;

const inMegabytes = (bytes: number) => `${Number((bytes / 1_000_000).toFixed(1))} MB`;

const FORM_DATA_REFERENCE = /^\$K[0-9a-f]+$/;

function argumentsRefusal(json: string | null, allowFormData: boolean): ActionRefusal | null {
  if (json === null) return { status: 400, message: "A server action call needs its arguments." };
  let args: unknown;
  try {
    args = JSON.parse(json);
  } catch {
    return { status: 400, message: "A server action call's arguments must be JSON." };
  }
  if (!Array.isArray(args)) return { status: 400, message: "A server action call's arguments must be a list." };
  if (!onlyPlainValues(args, (reference) => allowFormData && FORM_DATA_REFERENCE.test(reference))) {
    return { status: 400, message: "A server action call may only carry plain values." };
  }
  return null;
}

interface ActionRequest {
  /** The Origin header; a browser always sends one with an action call. */
  origin: string | null;
  host: string | null;
  forwardedHost: string | null;
  contentType: string | null;
  contentLength: string | null;
  /** The body to read (a clone's: Next still reads the original), null when there is none. */
  body(): ReadableStream<Uint8Array> | null;
  /** The Next-Action header's action id (a call with JavaScript). */
  actionId?: string | null;
  /** Whether this build has an action of an id (lib/security/known-actions.ts); without it, Next checks. */
  isKnownAction?: KnownAction;
  /** The most the body may carry (ACTION_BODY_LIMITS); the shopper's when absent. */
  limitBytes?: number;
}

const tooLarge = (limit: number): ActionRefusal => ({
  status: 413,
  message: `A server action call may carry at most ${limit === ACTION_BODY_LIMITS.shopper ? "1 MB" : inMegabytes(limit)}.`,
});
const CROSS_SITE: ActionRefusal = { status: 403, message: "A server action may only be called from the shop's own pages." };

/**
 * The body's bytes, or null once they pass `limit`: counted as they arrive,
 * whatever the request declared (a chunked body declares nothing).
 */
async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a tee (a request's clone)
      // settles only once the other branch is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The refusal for a request from another site, or one declaring more than the limit; null to go on. */
function originOrSizeRefusal(request: ActionRequest): ActionRefusal | null {
  // Next refuses a cross-site call too, but by throwing (a 500); a call
  // without Origin is left to Next and to each action's own checks.
  if (request.origin !== null && !isSameOrigin(request.origin, request.host, request.forwardedHost)) return CROSS_SITE;
  const limit = request.limitBytes ?? ACTION_BODY_LIMIT_BYTES;
  return Number(request.contentLength ?? 0) > limit ? tooLarge(limit) : null;
}

async function formOf(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return null;
  }
}

/** The refusal for a malformed server action call, or null to let Next handle it. */
export async function refuseActionRequest(request: ActionRequest): Promise<ActionRefusal | null> {
  const early = originOrSizeRefusal(request);
  if (early) return early;
  const named = typeof request.actionId === "string" ? actionIdRefusal(request.actionId, request.isKnownAction) : null;
  if (named) return named;
  const contentType = request.contentType ?? "";
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type !== "text/plain" && type !== "multipart/form-data") {
    return { status: 415, message: "A server action call is sent as text/plain or multipart/form-data." };
  }
  const limit = request.limitBytes ?? ACTION_BODY_LIMIT_BYTES;
  const bytes = await readCapped(request.body(), limit);
  if (!bytes) return tooLarge(limit);
  if (type === "text/plain") return argumentsRefusal(Buffer.from(bytes).toString("utf8"), false);
  const form = await formOf(bytes, contentType);
  if (!form) return { status: 400, message: "A server action call's form data could not be read." };
  const first = form.get("0");
  return argumentsRefusal(typeof first === "string" ? first : null, true);
}

/**
 * The refusal for a form posted to a page without JavaScript (a server
 * action submitted as an HTML form: its fields name the action, no
 * Next-Action header): from this site only, within its limit however it is sent,
 * and a form that reads as one; its server action fields well-formed and
 * naming an action this build has (action-form.ts). Its other fields are the
 * form's own and are decoded and checked by the action or route.
 */
export async function refuseFormPost(request: ActionRequest): Promise<ActionRefusal | null> {
  const early = originOrSizeRefusal(request);
  if (early) return early;
  const limit = request.limitBytes ?? ACTION_BODY_LIMIT_BYTES;
  const bytes = await readCapped(request.body(), limit);
  if (!bytes) return tooLarge(limit);
  const form = await formOf(bytes, request.contentType ?? "");
  if (!form) return { status: 400, message: "The form's body could not be read." };
  return actionFormRefusal(form, request.isKnownAction);
}
