import Link from "next/link";
import { connection } from "next/server";
import formStyles from "@/components/auth/forms.module.css";
import { AddressBook } from "@/components/account/address-book";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { DisplayNameForm } from "@/components/account/display-name-form";
import { EmailChangeForm } from "@/components/account/email-change-form";
import { PasswordChangeForm } from "@/components/account/password-change-form";
import { SectionFocusedAfterPost } from "@/components/account/section-focused-after-post";
import { DELETE_ACCOUNT_EXPLAINED } from "@/lib/account/delete-account-state";
import { DISPLAY_NAME_NOTICE_PARAM, displayNameStateOf } from "@/lib/account/display-name-state";
import { EMAIL_CHANGE_GOOGLE_ONLY } from "@/lib/account/email-change-state";
import { PASSWORD_CHANGE_MESSAGES } from "@/lib/account/password-change-state";
import { VERIFYING_UNLOCKS } from "@/lib/account/email-verification-state";
import { ADDRESS_BOOK_ANCHOR, ADDRESS_NOTICE_PARAM, addressBookNoticeOf } from "@/lib/addresses/address-book-notices";
import { accountProfileOf, type AccountProfile } from "@/lib/auth/firebase-account";
import { currentUser } from "@/lib/auth/session";
import { CART_MESSAGES } from "@/lib/cart/results";
import { getStore } from "@/lib/data";
import type { SavedAddress } from "@/lib/data/contract/address-book";
import { isStoreError } from "@/lib/data/contract/errors";
import { log } from "@/lib/log";
import { pageMetadata } from "@/lib/seo";
import { ACCOUNT_DATA_PATH, ACCOUNT_PATH, ORDERS_PATH } from "@/lib/site-links";
import styles from "./page.module.css";

// One shopper's account: never indexed, never cached (next.config.ts headers: private, no-store).
export const metadata = pageMetadata({
  title: "Your account",
  description: "Your name, email address, password and saved addresses.",
  path: ACCOUNT_PATH,
  noindex: true,
});

/** The page answers once the account is read, with it in the HTML (as Your orders does). */
export const instant = false;

interface AccountPageProps {
  /**
   * `?name=`: the answer to a name change made without JavaScript (lib/account/display-name-state.ts);
   * `?address=`: the answer to an address book change (lib/addresses/address-book-notices.ts).
   */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * A signed-in shopper's account: the display name (a server action, with or
 * without JavaScript), the email address, whether it is verified and a move
 * to another, and the password (the last two prove the shopper with the
 * current password through Firebase in the browser, so they need JavaScript),
 * and the address book (plain forms, lib/addresses). A visitor who is not
 * signed in is asked to.
 */
export default function AccountPage({ searchParams }: AccountPageProps) {
  return (
    <div className="page">
      <h1 className={styles.heading}>Your account</h1>
      <AccountContents searchParams={searchParams} />
    </div>
  );
}

/**
 * The signed-in account's profile and address book; "signed-out", or
 * "unavailable" when the session, Firebase Auth or the store does not answer.
 */
async function signedInAccount(): Promise<{ profile: AccountProfile; addresses: SavedAddress[] } | "signed-out" | "unavailable"> {
  try {
    const user = await currentUser();
    if (!user) return "signed-out";
    const [profile, addresses] = await Promise.all([accountProfileOf(user.uid), getStore().then((store) => store.listAddresses(user.uid))]);
    return profile ? { profile, addresses } : "signed-out";
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn(
      "account.page_unavailable",
      "The account page could not be shown: the session, Firebase Auth or the store did not answer",
      undefined,
      error,
    );
    return "unavailable";
  }
}

async function AccountContents({ searchParams }: AccountPageProps) {
  await connection();
  const account = await signedInAccount();
  if (account === "unavailable")
    return (
      <p className="status-text" role="alert">
        {CART_MESSAGES.unavailable}
      </p>
    );
  if (account === "signed-out")
    return (
      <div className={styles.signedOut}>
        <p>
          <Link href={`/sign-page?callbackUrl=${encodeURIComponent(ACCOUNT_PATH)}`}>Sign in</Link> to see your account: your name, email
          address, password and saved addresses.
        </p>
      </div>
    );
  const { profile, addresses } = account;
  const query = await searchParams;
  return (
    <div className={styles.sections}>
      <section className={`${formStyles.card} ${styles.section}`} aria-labelledby="account-name-title">
        <h2 id="account-name-title">Your name</h2>
        <DisplayNameForm name={profile.name} initial={displayNameStateOf(query[DISPLAY_NAME_NOTICE_PARAM])} />
      </section>
      <section className={`${formStyles.card} ${styles.section}`} aria-labelledby="account-email-title">
        <h2 id="account-email-title">Email address</h2>
        <p data-testid="account-email">{profile.email}</p>
        <p>
          {profile.verified ? (
            "Verified."
          ) : (
            <>
              Not verified yet: open the link we emailed you, or ask for another on <Link href={ORDERS_PATH}>Your orders</Link>.{" "}
              {VERIFYING_UNLOCKS}
            </>
          )}
        </p>
        {profile.hasPassword ? <EmailChangeForm email={profile.email} /> : <p>{EMAIL_CHANGE_GOOGLE_ONLY}</p>}
      </section>
      <section className={`${formStyles.card} ${styles.section}`} aria-labelledby="account-password-title">
        <h2 id="account-password-title">Password</h2>
        {profile.hasPassword ? <PasswordChangeForm email={profile.email} /> : <p>{PASSWORD_CHANGE_MESSAGES.googleOnly}</p>}
      </section>
      <SectionFocusedAfterPost
        id={ADDRESS_BOOK_ANCHOR}
        className={`${formStyles.card} ${styles.section}`}
        aria-labelledby="account-addresses-title"
        tabIndex={-1}
      >
        <h2 id="account-addresses-title">Addresses</h2>
        <AddressBook addresses={addresses} notice={addressBookNoticeOf(query[ADDRESS_NOTICE_PARAM])} />
      </SectionFocusedAfterPost>
      <section className={`${formStyles.card} ${styles.section}`} aria-labelledby="account-data-title">
        <h2 id="account-data-title">Your data</h2>
        <p>Everything the shop holds about you (your account, saved addresses and orders), as one JSON file.</p>
        <p>
          {/* A download, not a page: the router must not fetch it as one. */}
          <a href={ACCOUNT_DATA_PATH} download>
            Download my data
          </a>
        </p>
      </section>
      <section className={`${formStyles.card} ${styles.section}`} aria-labelledby="account-delete-title">
        <h2 id="account-delete-title">Delete my account</h2>
        <p>{DELETE_ACCOUNT_EXPLAINED}</p>
        <DeleteAccountForm email={profile.email} hasPassword={profile.hasPassword} />
      </section>
      <p>
        <Link href={ORDERS_PATH}>Your orders</Link>
      </p>
    </div>
  );
}
