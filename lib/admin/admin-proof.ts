/**
 * Proof that the caller of an admin read is an admin. Every admin data read
 * (admin-reads.ts) takes one, and only this module makes them: from the
 * request's session user (adminPageAccess, which each admin page calls
 * through components/admin/admin-gate.tsx), when that user is an admin as
 * checked now (revocation list, rights asked of Firebase Auth:
 * lib/auth/session-check.ts). A read called without one is a type error,
 * and throws when forced, so no page reads admin data on proxy.ts's word
 * alone.
 */
import "server-only";
import { adminStanding, type Caller } from "./guard";
import { requestUser } from "./request-caller";

declare const minted: unique symbol;

export interface AdminProof {
  /** The admin's account, as the session names it. */
  readonly uid: string;
  readonly [minted]: true;
}

// On globalThis: Next bundles routes separately, and a page and the reads it
// calls must agree on what was made here.
const GLOBAL_KEY = Symbol.for("storefront.adminProofs");
type GlobalWithProofs = typeof globalThis & { [GLOBAL_KEY]?: WeakSet<object> };

function proofs(): WeakSet<object> {
  const g = globalThis as GlobalWithProofs;
  g[GLOBAL_KEY] ??= new WeakSet();
  return g[GLOBAL_KEY];
}

/** A proof for a session user who is an admin; otherwise what they are instead. */
export function adminProofOf(user: Caller["user"]): AdminProof | "not_admin" | "unavailable" {
  const standing = adminStanding(user);
  if (standing !== "admin") return standing;
  const proof = Object.freeze({ uid: (typeof user === "object" && user?.uid) || "" }) as AdminProof;
  proofs().add(proof);
  return proof;
}

/** Throws unless `proof` was made by adminProofOf. */
export function assertAdminProof(proof: AdminProof): void {
  if (!proofs().has(proof)) throw new Error("An admin read was called without proof of an admin caller (lib/admin/admin-proof.ts)");
}

/**
 * The admin page's own check of this request: its session user read as the
 * admin actions read it (request-caller.ts), then adminProofOf. `readUser`
 * is the request's by default; tests hand in a session user of their own.
 */
export async function adminPageAccess(
  readUser: () => Promise<Caller["user"]> = () => requestUser("admin page"),
): Promise<AdminProof | "not_admin" | "unavailable"> {
  return adminProofOf(await readUser());
}
