/**
 * Whether an admin session's user is still an admin, asked of Firebase Auth
 * rather than taken from the session: the session says isAdmin as of its
 * sign-in, and it rolls for as long as it is used. Rights end when the
 * `admin` claim is removed (npm run admin -- revoke), when the address leaves
 * ADMIN_EMAILS (a redeploy), or when the account is disabled or deleted.
 *
 * Asked by the proxy before /admin-entry and by every session read of an
 * admin session (lib/auth/session-check.ts, which the add-product action's
 * session read runs), and remembered per process for ADMIN_RIGHTS_TTL_SECONDS
 * (5 minutes at most): the most a lost right can lag, at one Auth lookup per
 * admin per process per TTL. Only sessions that say isAdmin ever get here.
 */
import "server-only";
import { log } from "@/lib/log";
import type { UserRecord } from "firebase-admin/auth";
import { serverEnv } from "@/lib/env";
import { authErrorCode } from "./auth-messages";
import { callFirebaseAuth } from "./firebase-auth-call";
import { isAdmin } from "./is-admin";

export type AdminRights = "admin" | "not_admin" | "unavailable";

/** What the account record says; pure, so the rule is tested on its own. */
export function rightsOfRecord(
  user: Pick<UserRecord, "email" | "emailVerified" | "customClaims" | "disabled">,
  adminEmails: readonly string[],
  usingEmulator: boolean,
): "admin" | "not_admin" {
  if (user.disabled) return "not_admin";
  const evidence = { email: user.email, emailVerified: user.emailVerified, adminClaim: user.customClaims?.admin };
  return isAdmin(evidence, adminEmails, usingEmulator) ? "admin" : "not_admin";
}

type Lookup = (uid: string) => Promise<"admin" | "not_admin">;

/** A lookup remembered for ttlMs per uid; failures are not remembered. */
export function rememberedRights(lookup: Lookup, ttlMs: number, now: () => number = Date.now) {
  const known = new Map<string, { rights: "admin" | "not_admin"; until: number }>();
  return async function rightsOf(uid: string): Promise<AdminRights> {
    const hit = known.get(uid);
    if (hit && hit.until > now()) return hit.rights;
    try {
      const rights = await lookup(uid);
      known.set(uid, { rights, until: now() + ttlMs });
      return rights;
    } catch (error) {
      log.error("auth.admin_rights_check_failed", "Admin rights could not be checked with Firebase Auth", error);
      return "unavailable";
    }
  };
}

async function lookUpInFirebase(uid: string): Promise<"admin" | "not_admin"> {
  const env = serverEnv();
  try {
    const user = await callFirebaseAuth((auth) => auth.getUser(uid));
    return rightsOfRecord(user, env.ADMIN_EMAILS, Boolean(env.FIREBASE_AUTH_EMULATOR_HOST));
  } catch (error) {
    // A deleted account has no rights; anything else is an outage.
    if (authErrorCode(error) === "auth/user-not-found") return "not_admin";
    throw error;
  }
}

let shared: ((uid: string) => Promise<AdminRights>) | undefined;

/**
 * The process's check. An object, so tests can replace `of` (node:test's
 * mock.method) where no Auth emulator runs.
 */
export const adminRights = {
  of(uid: string): Promise<AdminRights> {
    shared ??= rememberedRights(lookUpInFirebase, serverEnv().ADMIN_RIGHTS_TTL_SECONDS * 1000);
    return shared(uid);
  },
};
