/**
 * The field rules the contract's shapes are built from (ids, text, counts,
 * times, cursors), so each concern's schema (catalog.ts, cart.ts, orders.ts,
 * …) says a rule by name, once. Forms and server actions reuse them, so the
 * user sees the same rule the store applies.
 */
import { LIMITS } from "./limits";
import { z } from "./zod";

// C0/C1 control characters make no sense in a one-line field and are a
// classic way to smuggle look-alike or terminal-escape payloads; long texts
// (details) may keep line breaks and tabs.
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
export const CONTROL_CHARS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// Text-direction controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069
// isolates) and the line and paragraph separators (U+2028, U+2029) are no C0/C1
// controls, but they reorder or break what a reader sees of a person's name or
// address: "Ada\u202Egnp.exe" shows as "Adaexe.png" in an email or on the desk.
export const LAYOUT_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

// Firestore reserves document ids of the form __…__ (it answers INVALID_ARGUMENT
// for them); refusing them here keeps both backends alike: a page gets its 404,
// an action or import a clear invalid_input error, and nothing is written.
const RESERVED_ID = /^__.*__$/;
export const RESERVED_ID_MESSAGE = "may not both start and end with __ (reserved)";
export const notReserved = (id: string) => !RESERVED_ID.test(id);

/** A document id: letters, digits, _ and -, at most LIMITS.idMax, never Firestore's reserved __…__. */
export const idSchema = z
  .string({ error: "must be a string" })
  .regex(/^[A-Za-z0-9_-]+$/, "may only contain letters, digits, _ and -")
  .max(LIMITS.idMax, `must be at most ${LIMITS.idMax} characters`)
  .refine(notReserved, RESERVED_ID_MESSAGE);

/** Required one-line text, trimmed, without control characters. */
export const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), `${label} contains control characters`);

/** Optional one-line text ("" when not given), trimmed, without control characters. */
export const optionalLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), `${label} contains control characters`);

/** An email address as a shopper types it: trimmed, at most LIMITS.emailMax. */
export const emailSchema = z
  .string({ error: "Email must be text" })
  .trim()
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .pipe(z.email("Email is not valid"));

/** The revision an edit was made from (a product's or an order's). */
export const revisionSchema = z
  .number({ error: "Revision must be a number" })
  .int("Revision must be a whole number")
  .min(0, "Revision must not be negative");

/** Who made a recorded change: the admin's email (the session's). */
export const changedBySchema = z
  .string({ error: "Who made the change must be text" })
  .trim()
  .min(1, "Who made the change is required")
  .max(LIMITS.emailMax, `Who made the change must be at most ${LIMITS.emailMax} characters`);

/** How many items a read returns at most: a whole number from 1 to `max`. */
export function limitSchema(max: number) {
  return z
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(max, `Limit must be at most ${max}`);
}

export const listLimitSchema = limitSchema(LIMITS.listLimitMax);

export const searchQuerySchema = z
  .string({ error: "Search must be text" })
  .trim()
  .max(LIMITS.queryMax, `Search must be at most ${LIMITS.queryMax} characters`);

/** A page cursor as a store hands it out (base64url); its content is the adapter's to check. */
export const pageCursorSchema = z
  .string({ error: "Cursor must be text" })
  .min(1, "Cursor must not be empty")
  .max(600, "Cursor must be at most 600 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Cursor is malformed");

/** Epoch milliseconds. */
export const epochMillisSchema = z
  .number({ error: "Time must be a number" })
  .int("Time must be whole milliseconds")
  .min(0, "Time must not be negative")
  .max(8.64e15, "Time is out of range");

/** sha-256 in hex. */
export const sha256HexSchema = z.string({ error: "Token hash must be text" }).regex(/^[0-9a-f]{64}$/, "Token hash must be sha-256 in hex");
