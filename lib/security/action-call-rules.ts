/**
 * What a server action call may carry, in React's Flight reply format, and
 * which action it may name, shared by the Next-Action check and the
 * no-JavaScript form check (action-request.ts, action-form.ts). Pure.
 *
 * Flight's reference strings ("$…") are refused except the few that encode
 * plain values (undefined, NaN, ±Infinity, -0, dates, bigints, "$$" for text
 * that starts with "$") and those the caller allows (FormData parts of a
 * multipart call, the chunks a bound action's form holds). Any other one
 * points at a part the call does not have ("$Q5") and makes Next's decoder
 * throw: a 500.
 */

const PLAIN_REFERENCE = /^\$(?:\$.*|undefined|NaN|Infinity|-Infinity|-0|D.+|n-?\d+)$/s;

/** Next's server reference ids: 42 characters (an info byte and a hash, in hex). */
const ACTION_ID = /^[0-9a-f]{42}$/;

/** A refusal of a call, answered by proxy.ts before Next decodes anything. */
export interface ActionRefusal {
  status: 400 | 403 | 404 | 413 | 415;
  message: string;
  /** The call named no action this build has: proxy.ts marks the answer for Next's client (which reloads the page) and logs it. */
  unknownAction?: true;
}

/** Answers whether this build has an action of this id; undefined when it cannot tell (the check is then Next's). */
export type KnownAction = (id: string) => boolean | undefined;

/**
 * The refusal for a call naming `id`: 400 when it is not an action id at all,
 * 404 when this build has no such action (as Next answers a page older or
 * newer than the deployment); null to go on. Next would log a warning with
 * its stack for each.
 */
export function actionIdRefusal(id: string, isKnownAction: KnownAction | undefined): ActionRefusal | null {
  if (!ACTION_ID.test(id)) return { status: 400, message: "A server action call must name a server action.", unknownAction: true };
  if (isKnownAction?.(id) === false)
    return { status: 404, message: "This page is older or newer than the shop: reload it.", unknownAction: true };
  return null;
}

/** Whether every string in a decoded JSON value is plain data, a plain reference, or a reference `allowed` takes. */
export function onlyPlainValues(value: unknown, allowed: (reference: string) => boolean, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === "string") return !value.startsWith("$") || PLAIN_REFERENCE.test(value) || allowed(value);
  if (Array.isArray(value)) return value.every((item) => onlyPlainValues(item, allowed, depth + 1));
  if (value && typeof value === "object") return Object.values(value).every((item) => onlyPlainValues(item, allowed, depth + 1));
  return true;
}
