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
 * in a multipart body). Well-formed calls are decoded and validated by Next
 * and then by each action itself, as before.
 */

import { isSameOrigin } from "@/lib/security/same-origin";

/** Next's own limit for an action body (serverActions.bodySizeLimit). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

export interface ActionRefusal {
  status: 400 | 403 | 413 | 415;
  message: string;
}

const PLAIN_REFERENCE = /^\$(?:\$.*|undefined|NaN|Infinity|-Infinity|-0|D.+|n-?\d+)$/s;
const FORM_DATA_REFERENCE = /^\$K[0-9a-f]+$/;

/** Whether every string in a decoded JSON value is plain data or an allowed reference. */
function onlyPlainValues(value: unknown, allowFormData: boolean, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === "string") {
    if (!value.startsWith("$")) return true;
    return PLAIN_REFERENCE.test(value) || (allowFormData && FORM_DATA_REFERENCE.test(value));
  }
  if (Array.isArray(value)) return value.every((item) => onlyPlainValues(item, allowFormData, depth + 1));
  if (value && typeof value === "object") {
    return Object.values(value).every((item) => onlyPlainValues(item, allowFormData, depth + 1));
  }
  return true;
}

function argumentsRefusal(json: string | null, allowFormData: boolean): ActionRefusal | null {
  if (json === null) return { status: 400, message: "A server action call needs its arguments." };
  let args: unknown;
  try {
    args = JSON.parse(json);
  } catch {
    return { status: 400, message: "A server action call's arguments must be JSON." };
  }
  if (!Array.isArray(args)) return { status: 400, message: "A server action call's arguments must be a list." };
  if (!onlyPlainValues(args, allowFormData)) {
    return { status: 400, message: "A server action call may only carry plain values." };
  }
  return null;
}

export interface ActionRequest {
  /** The Origin header; a browser always sends one with an action call. */
  origin: string | null;
  host: string | null;
  forwardedHost: string | null;
  contentType: string | null;
  contentLength: string | null;
  /** Reads the body (a clone: Next still reads the original). */
  text(): Promise<string>;
  formData(): Promise<FormData>;
}

/** The refusal for a malformed server action call, or null to let Next handle it. */
export async function refuseActionRequest(request: ActionRequest): Promise<ActionRefusal | null> {
  // Next refuses a cross-site call too, but by throwing (a 500); a call
  // without Origin is left to Next and to each action's own checks.
  if (request.origin !== null && !isSameOrigin(request.origin, request.host, request.forwardedHost)) {
    return { status: 403, message: "A server action may only be called from the shop's own pages." };
  }
  const declared = Number(request.contentLength ?? 0);
  if (declared > ACTION_BODY_LIMIT_BYTES) return { status: 413, message: "A server action call may carry at most 1 MB." };
  const type = (request.contentType ?? "").split(";")[0].trim().toLowerCase();

  if (type === "text/plain") {
    const body = await request.text();
    if (Buffer.byteLength(body) > ACTION_BODY_LIMIT_BYTES) return { status: 413, message: "A server action call may carry at most 1 MB." };
    return argumentsRefusal(body, false);
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { status: 400, message: "A server action call's form data could not be read." };
    }
    const first = form.get("0");
    return argumentsRefusal(typeof first === "string" ? first : null, true);
  }
  return { status: 415, message: "A server action call is sent as text/plain or multipart/form-data." };
}
