/**
 * Changing a signed-in shopper's display name (the account page). Firebase
 * Auth holds the name: every later ID token, and so every later sign-in,
 * carries it. The profile in the store (user/{uid}) keeps its copy, and this
 * browser's session is written again with it (lib/auth/session-rename.ts),
 * so the header names the shopper anew at once. The name is checked as the
 * profile's schema checks it (one line, 1 to 80 characters) before anything
 * is written; a failure after Firebase took it is answered "try again", and
 * trying again writes the same name everywhere.
 */
import "server-only";
import { log } from "@/lib/log";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { isFirebaseAuthFailure } from "@/lib/auth/firebase-auth-call";
import { isStoreError } from "@/lib/data/contract/errors";
import { LIMITS } from "@/lib/data/contract/limits";
import { newUserSchema, type UserStore } from "@/lib/data/contract/users";
import type { DisplayNameNotice, DisplayNameState } from "./display-name-state";

/** What a name change reads and writes; tests pass their own. */
export interface DisplayNameChange {
  /** The signed-in account; null when signed out. Throws StoreError("unavailable") when the session cannot be checked. */
  user(): Promise<{ uid: string; email: string } | null>;
  /** Sets the name in Firebase Auth; answers the account's address there (null without one). Throws when Auth does not answer. */
  setAuthName(uid: string, name: string): Promise<string | null>;
  store(): Promise<Pick<UserStore, "updateUserProfile">>;
  /** Writes this browser's session again under the new name. */
  renameSession(uid: string, name: string): Promise<void>;
}

const refused = (notice: DisplayNameNotice): DisplayNameState => ({ notice });

/** An outage's answer: logged with its cause, "try again" for the shopper. */
function unavailable(cause: unknown): DisplayNameState {
  log.warn(
    "account.display_name_unavailable",
    "A display name was not changed: the session, Firebase Auth or the store did not answer",
    undefined,
    cause,
  );
  return refused("unavailable");
}

/** What is wrong with a name the profile's schema refuses. */
function nameRefusal(name: string): DisplayNameNotice {
  const trimmed = name.trim();
  if (!trimmed) return "blank";
  return trimmed.length > LIMITS.displayNameMax ? "tooLong" : "notOneLine";
}

export async function changeDisplayName(value: unknown, change: DisplayNameChange): Promise<DisplayNameState> {
  const posted = typeof value === "string" ? value : "";
  const parsed = newUserSchema.shape.displayName.safeParse(posted);
  // The name typed comes back with its refusal, so the form shows it to be fixed.
  if (!parsed.success) return { notice: nameRefusal(posted), typed: posted };
  const name = parsed.data;
  let user: { uid: string; email: string } | null;
  let email: string | null;
  try {
    user = await change.user();
    if (!user) return refused("signedOut");
  } catch (error) {
    if (isStoreError(error, "unavailable")) return unavailable(error);
    throw error;
  }
  try {
    email = await change.setAuthName(user.uid, name);
  } catch (error) {
    // The account deleted since this session began: it is signed out.
    if (authErrorCode(error) === "auth/user-not-found") return refused("signedOut");
    if (isFirebaseAuthFailure(error)) return unavailable(error);
    throw error;
  }
  try {
    await (await change.store()).updateUserProfile(user.uid, { displayName: name, email: email ?? user.email });
  } catch (error) {
    if (isStoreError(error, "unavailable")) return unavailable(error);
    throw error;
  }
  await change.renameSession(user.uid, name);
  log.info("account.display_name_changed", "A shopper changed their display name");
  return { notice: "saved", name };
}
