/**
 * The one rule the Firestore adapter keeps for itself, whatever reached it: a
 * value used as a document id names exactly one document of its collection.
 * "a/b" would address a subcollection's document, "." and ".." path segments,
 * and Firestore reserves ids of the form __…__.
 */
import { StoreError } from "../contract/errors";

const RESERVED = /^__.*__$/;

/** `value` as a document id, or StoreError("invalid_input") naming `what`. */
export function docId(value: string, what: string): string {
  if (value.length === 0 || value.includes("/") || value === "." || value === ".." || RESERVED.test(value)) {
    throw new StoreError("invalid_input", `Invalid ${what}: not a Firestore document id`, { [what]: "is not a Firestore document id" });
  }
  return value;
}
