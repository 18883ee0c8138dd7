/** What the verified ID token says about a user, as far as admin rights go. */
interface AdminEvidence {
  email: string | undefined;
  emailVerified: boolean;
  /** The Firebase custom claim `admin`. */
  adminClaim: unknown;
}

/**
 * An admin is an account with the custom claim `admin: true`, or whose email
 * is in ADMIN_EMAILS. Outside the emulator the email must be verified:
 * otherwise anyone could register an admin's address before the admin does.
 */
export function isAdmin(evidence: AdminEvidence, adminEmails: readonly string[], usingEmulator: boolean): boolean {
  if (evidence.adminClaim === true) return true;
  const email = evidence.email?.trim().toLowerCase();
  if (!email || !adminEmails.includes(email)) return false;
  return evidence.emailVerified || usingEmulator;
}
