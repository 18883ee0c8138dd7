/**
 * Granting and revoking admin rights, for the ops command `npm run admin`
 * (scripts/admin.ts). An admin is an account with the custom claim
 * `admin: true`, or whose verified address is in ADMIN_EMAILS (is-admin.ts);
 * these functions manage the claim and report the list, so an operator can
 * see why someone is (still) an admin.
 *
 * Each takes the firebase-admin Auth it works on: the project's, or the Auth
 * emulator's when FIREBASE_AUTH_EMULATOR_HOST is set (the SDK reads it).
 */
import "server-only";
import type { Auth, UserRecord } from "firebase-admin/auth";

interface AdminAccount {
  email: string;
  uid: string;
  /** Why this account is an admin. */
  via: Array<"claim" | "ADMIN_EMAILS">;
  disabled: boolean;
  emailVerified: boolean;
}

export type AccountChange =
  { ok: true; email: string; changed: boolean; stillAdminVia?: "ADMIN_EMAILS" } | { ok: false; email: string; reason: "no_account" };

const normalize = (email: string) => email.trim().toLowerCase();

async function findAccount(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return null;
    throw error;
  }
}

/** Sets `admin: true`, keeping the account's other claims. */
export async function grantAdmin(auth: Auth, email: string): Promise<AccountChange> {
  const user = await findAccount(auth, normalize(email));
  if (!user) return { ok: false, email, reason: "no_account" };
  if (user.customClaims?.admin === true) return { ok: true, email: user.email ?? email, changed: false };
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: true });
  return { ok: true, email: user.email ?? email, changed: true };
}

/**
 * Removes the claim and revokes the account's refresh tokens, so no ID token
 * minted with the claim outlives the next refresh (at most an hour).
 */
export async function revokeAdmin(auth: Auth, email: string, adminEmails: readonly string[]): Promise<AccountChange> {
  const user = await findAccount(auth, normalize(email));
  if (!user) return { ok: false, email, reason: "no_account" };
  const stillAdminVia = adminEmails.includes(normalize(user.email ?? email)) ? ("ADMIN_EMAILS" as const) : undefined;
  if (user.customClaims?.admin !== true) return { ok: true, email: user.email ?? email, changed: false, stillAdminVia };
  const rest = { ...user.customClaims };
  delete rest.admin;
  await auth.setCustomUserClaims(user.uid, Object.keys(rest).length > 0 ? rest : null);
  await auth.revokeRefreshTokens(user.uid);
  return { ok: true, email: user.email ?? email, changed: true, stillAdminVia };
}

/**
 * Every account with the claim, and every ADMIN_EMAILS address with its
 * account (or none yet). Reads all accounts a page of 1,000 at a time: Auth
 * has no query by claim.
 */
export async function listAdmins(
  auth: Auth,
  adminEmails: readonly string[],
): Promise<{ accounts: AdminAccount[]; listedWithoutAccount: string[] }> {
  const byEmail = new Map<string, UserRecord>();
  const accounts: AdminAccount[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      const email = normalize(user.email ?? "");
      if (email) byEmail.set(email, user);
      const via: AdminAccount["via"] = [];
      if (user.customClaims?.admin === true) via.push("claim");
      if (email && adminEmails.includes(email)) via.push("ADMIN_EMAILS");
      if (via.length > 0) {
        accounts.push({
          email: user.email ?? "(no email)",
          uid: user.uid,
          via,
          disabled: user.disabled,
          emailVerified: user.emailVerified,
        });
      }
    }
    pageToken = page.pageToken;
  } while (pageToken);
  accounts.sort((a, b) => a.email.localeCompare(b.email));
  return { accounts, listedWithoutAccount: adminEmails.filter((e) => !byEmail.has(e)) };
}
