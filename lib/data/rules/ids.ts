import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 20-character random id, the same shape Firestore gives auto ids. */
export function newId(): string {
  // 62 does not divide 256, so bytes >= 248 are rejected to keep the ids uniform.
  let id = "";
  while (id.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < 20) id += ALPHABET[byte % 62];
    }
  }
  return id;
}
