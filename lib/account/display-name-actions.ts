"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";
import { currentUser } from "@/lib/auth/session";
import { renameSession } from "@/lib/auth/session-rename";
import { getStore } from "@/lib/data";
import { ACCOUNT_PATH } from "@/lib/site-links";
import { changeDisplayName } from "./display-name";
import { DISPLAY_NAME_FIELD, DISPLAY_NAME_NOTICE_PARAM, type DisplayNameState } from "./display-name-state";

/**
 * The account page's name form (components/account/display-name-form.tsx).
 * With JavaScript its answer updates the form in place; a plain form post
 * (no JavaScript: no Next-Action header) is answered with the account page
 * again and the answer's code, post/redirect/get.
 */
export async function displayNameAction(_previous: DisplayNameState | null, form: FormData): Promise<DisplayNameState> {
  const state = await changeDisplayName(form.get(DISPLAY_NAME_FIELD), {
    user: currentUser,
    setAuthName: async (uid, name) => (await callFirebaseAuth((auth) => auth.updateUser(uid, { displayName: name }))).email ?? null,
    store: getStore,
    renameSession,
  });
  if (!(await headers()).has("next-action")) redirect(`${ACCOUNT_PATH}?${DISPLAY_NAME_NOTICE_PARAM}=${state.notice}`);
  return state;
}
