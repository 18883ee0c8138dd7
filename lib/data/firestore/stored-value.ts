/**
 * A field's value as a page cursor keeps it (JSON), read back exactly: a
 * Timestamp as its seconds and nanoseconds (a rounded value would skip or
 * repeat documents created within the same millisecond), a number, a
 * string, or null (any value no cursor keeps: a map, an array, which
 * Firestore orders with the nulls here).
 */
import { Timestamp } from "firebase-admin/firestore";

export type StoredValue = ["t", seconds: number, nanoseconds: number] | ["n", number] | ["s", string] | ["z"];

export function storedValue(value: unknown): StoredValue {
  if (value instanceof Timestamp) return ["t", value.seconds, value.nanoseconds];
  if (typeof value === "number" && Number.isFinite(value)) return ["n", value];
  if (typeof value === "string") return ["s", value];
  return ["z"];
}

/** Whether `parts` is a StoredValue (a cursor from elsewhere may hold anything). */
export function isStoredValue(parts: unknown): parts is StoredValue {
  if (!Array.isArray(parts)) return false;
  const [kind, a, b] = parts as unknown[];
  if (kind === "t")
    return parts.length === 3 && Number.isSafeInteger(a) && Number.isInteger(b) && (b as number) >= 0 && (b as number) < 1e9;
  if (kind === "n") return parts.length === 2 && typeof a === "number" && Number.isFinite(a);
  if (kind === "s") return parts.length === 2 && typeof a === "string";
  return kind === "z" && parts.length === 1;
}

/** The value a StoredValue keeps, as a query's startAfter takes it. */
export function valueOfStored([kind, a, b]: StoredValue): unknown {
  if (kind === "t") return new Timestamp(a as number, b as number);
  if (kind === "z") return null;
  return a;
}
