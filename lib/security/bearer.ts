/**
 * A route's shared-secret check: `Authorization: Bearer <secret>`, compared
 * in constant time (the time taken says nothing of how much matched).
 */
import "server-only";
import { timingSafeEqual } from "node:crypto";

export function bearerMatches(header: string | null, secret: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
