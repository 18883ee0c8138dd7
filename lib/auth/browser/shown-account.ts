/**
 * Who this tab shows as signed in, in one place: the header's account menu
 * renders it (components/auth/account-menu.tsx) and every cart change names
 * it as the owner the page expects (lib/cart/browser/cart-state.ts,
 * lib/cart/session-guard.ts), so what the shopper sees and what the server
 * checks are the same belief.
 *
 * It is read from /api/auth/session when the page loads and again whenever
 * the session may have changed: a sign-in or sign-out in this tab
 * (SESSION_CHANGED_EVENT), one in another tab of this browser (a message on
 * CART_OWNER_CHANNEL), or a cart change the server refused because the
 * session was no longer the one shown. The newest read wins; an older one
 * that answers late is dropped.
 */
import "client-only";
import { createStore } from "zustand/vanilla";
import type { SessionNow } from "@/lib/live/protocol";
import { fetchSession } from "./session-client";

type AccountState =
  { status: "loading" } | { status: "signed-out" } | { status: "unavailable" } | { status: "signed-in"; uid: string; name: string };

/** How long the tab waits before asking again about a session the store could not check. */
const UNAVAILABLE_RETRY_MS = 10_000;

export const shownAccount = createStore<{ account: AccountState }>()(() => ({ account: { status: "loading" } }));

let reads = 0;
let retry: ReturnType<typeof setTimeout> | undefined;

/**
 * Reads the session and shows it. While the store cannot check a session
 * (an outage) the shopper is still signed in: the state is `unavailable`
 * and is read again shortly.
 */
export function loadShownAccount(): void {
  clearTimeout(retry);
  const read = ++reads;
  fetchSession()
    .then((session) => {
      if (read !== reads) return;
      if (session?.unavailable) {
        shownAccount.setState({ account: { status: "unavailable" } });
        retry = setTimeout(loadShownAccount, UNAVAILABLE_RETRY_MS);
        return;
      }
      shownAccount.setState({ account: accountStateOf(sessionNowFor(session?.user)) });
    })
    .catch(() => {
      if (read === reads) shownAccount.setState({ account: { status: "signed-out" } });
    });
}

/** The session a signed-in user (or none) amounts to: the account named as the header names it. */
export function sessionNowFor(user: { uid?: string; name?: string | null; email?: string | null } | undefined): SessionNow {
  const name = user?.uid ? user.name || user.email : "";
  return { account: user?.uid && name ? { uid: user.uid, name } : null };
}

function accountStateOf({ account }: SessionNow): AccountState {
  return account ? { status: "signed-in", ...account } : { status: "signed-out" };
}

/**
 * Shows a session known without a read (this tab's own Sign Out, or another
 * tab's sign-in or sign-out it announced) at once; a read in flight no longer applies.
 */
export function showSession(session: SessionNow): void {
  reads += 1;
  clearTimeout(retry);
  shownAccount.setState({ account: accountStateOf(session) });
}

/** Stops the retry of an unavailable session (the header unmounts). */
export function stopShownAccount(): void {
  reads += 1;
  clearTimeout(retry);
}
