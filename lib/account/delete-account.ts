/**
 * Deleting a signed-in shopper's account (the account page), issue 43 item
 * 5. The browser proves the shopper first: it signs in to Firebase again
 * (with the current password; an account without one, with Google) and
 * hands over the fresh ID token, which must be the session's own account,
 * signed in within DELETE_ACCOUNT_PROOF_MAX_AGE_S.
 *
 * Then, each step safe to run again, so a failure answers "try again" and
 * the next try (this session still open) finishes the work:
 * 1. its orders keep their figures and lose the person, as `npm run admin --
 *    erase-customer` does: those placed signed in, and the guest orders of
 *    its address when Firebase says it is verified (an unverified address
 *    proves no mailbox, so its guest orders are not the account's);
 * 2. its cart, address book and profile are deleted;
 * 3. every session of the account ends, in every browser and on every
 *    instance (SessionStore.endAccountSessions: signed in before now);
 * 4. the Firebase account is deleted (no sign-in any more);
 * 5. a confirmation goes to the account's address through the outbox.
 */
import "server-only";
import { log } from "@/lib/log";
import type { AccountProfile } from "@/lib/auth/firebase-account";
import { isFirebaseAuthFailure } from "@/lib/auth/firebase-auth-call";
import { SESSION_ABSOLUTE_MAX_S } from "@/lib/auth/session-check";
import type { AddressBookStore } from "@/lib/data/contract/address-book";
import type { CartStore } from "@/lib/data/contract/cart";
import { isStoreError } from "@/lib/data/contract/errors";
import type { OrderStore } from "@/lib/data/contract/order-store";
import type { OutboxStore } from "@/lib/data/contract/outbox";
import type { SessionStore } from "@/lib/data/contract/sessions";
import type { UserStore } from "@/lib/data/contract/users";
import { accountDeletedEmail } from "./account-emails";
import { DELETE_ACCOUNT_PROOF_MAX_AGE_S, type DeleteAccountNotice, type DeleteAccountState } from "./delete-account-state";
import { provesRecentSignIn, type SignInProof } from "./sign-in-proof";

type DeletionStore = Pick<OrderStore, "eraseAccountOrders" | "eraseCustomer"> &
  Pick<CartStore, "listCart" | "removeLine"> &
  Pick<AddressBookStore, "deleteAddressBook"> &
  Pick<UserStore, "deleteUser"> &
  Pick<SessionStore, "endAccountSessions"> &
  Pick<OutboxStore, "queueEmail">;

/** What a deletion reads and writes; tests pass their own. */
export interface AccountDeletion {
  /** The session's account; null when signed out. Throws StoreError("unavailable") when the session cannot be checked. */
  user(): Promise<{ uid: string } | null>;
  /** Who the ID token proves; null for one Firebase refuses. Throws when Auth does not answer. */
  proof(idToken: string): Promise<SignInProof | null>;
  /** The account as Firebase Auth holds it; null when it is gone. Throws when Auth does not answer. */
  account(uid: string): Promise<AccountProfile | null>;
  /** Deletes the Firebase account; one already gone is no error. Throws when Auth does not answer. */
  deleteAuthUser(uid: string): Promise<void>;
  store(): Promise<DeletionStore>;
  /** Runs once the confirmation is in the outbox: it is sent after the response. */
  afterSent(): void;
  now(): number;
}

const answer = (notice: DeleteAccountNotice): DeleteAccountState => ({ notice });

/** An outage's answer: logged with its cause, "try again" for the shopper. */
function unavailable(cause: unknown): DeleteAccountState {
  log.warn(
    "account.delete_unavailable",
    "An account was not (wholly) deleted: the session, Firebase Auth or the store did not answer",
    undefined,
    cause,
  );
  return answer("unavailable");
}

/** The session's account and Firebase's record of it when the token proves it, recently; else the answer to give. */
async function provenAccount(
  idToken: unknown,
  deletion: AccountDeletion,
): Promise<{ uid: string; profile: AccountProfile } | DeleteAccountState> {
  const user = await deletion.user();
  if (!user) return answer("signedOut");
  const proof = typeof idToken === "string" ? await deletion.proof(idToken) : null;
  const profile = await deletion.account(user.uid);
  if (!profile) return answer("signedOut");
  // The password where the account has one; Google's own sign-in where it has none.
  const proven =
    provesRecentSignIn(proof, user.uid, deletion.now(), DELETE_ACCOUNT_PROOF_MAX_AGE_S) && (proof.viaPassword || !profile.hasPassword);
  return proven ? { uid: user.uid, profile } : answer("staleProof");
}

/** Steps 1 to 3: the account's orders, cart, address book, profile and sessions; how many orders lost the person. */
async function eraseStored(store: DeletionStore, uid: string, profile: AccountProfile, now: number): Promise<number> {
  const own = await store.eraseAccountOrders(uid);
  const guest = profile.verified ? await store.eraseCustomer(profile.email) : 0;
  const owner = `user:${uid}` as const;
  for (const line of await store.listCart(owner)) await store.removeLine(owner, line.productId);
  await store.deleteAddressBook(uid);
  await store.deleteUser(uid);
  const before = now + 1;
  await store.endAccountSessions(uid, before, before + SESSION_ABSOLUTE_MAX_S * 1000);
  return own + guest;
}

export async function deleteAccount(idToken: unknown, deletion: AccountDeletion): Promise<DeleteAccountState> {
  try {
    const proven = await provenAccount(idToken, deletion);
    if ("notice" in proven) return proven;
    const { uid, profile } = proven;
    const store = await deletion.store();
    const ordersErased = await eraseStored(store, uid, profile, deletion.now());
    await deletion.deleteAuthUser(uid);
    // The account is gone: a confirmation that cannot be queued now is logged, not a reason to say "try again".
    try {
      await store.queueEmail(accountDeletedEmail(profile.email, ordersErased));
      deletion.afterSent();
    } catch (error) {
      if (!isStoreError(error, "unavailable")) throw error;
      log.error(
        "account.deleted_confirmation_failed",
        "An account was deleted, but its confirmation email could not be written to the outbox",
        error,
      );
    }
    log.info("account.deleted", "A shopper deleted their account", { ordersErased });
    return answer("deleted");
  } catch (error) {
    if (isStoreError(error, "unavailable") || isFirebaseAuthFailure(error)) return unavailable(error);
    throw error;
  }
}
