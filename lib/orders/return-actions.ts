"use server";

/**
 * The order page's "Request a return" (components/orders/return-form.tsx):
 * the request's own session decides who asks (never a form field), the
 * token field opens a guest's order as its link does, and counts as a
 * look-up by token for the client (proxy.ts counted the page's link's
 * already: a guest's return from the link counts twice). The page
 * re-renders with the order's new state.
 */
import { refresh } from "next/cache";
import { headers } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { refusalFor } from "@/lib/security/request-client";
import { orderingStore } from "./ordering-store";
import { requestReturnFromForm, type ReturnFormState } from "./request-return";
import { sendOrderEmailsAfterResponse } from "./send-after-response";

export async function requestReturnAction(_previous: ReturnFormState, form: FormData): Promise<ReturnFormState> {
  const state = await requestReturnFromForm(
    {
      uid: async () => (await currentUser())?.uid ?? null,
      store: orderingStore,
      afterStep: sendOrderEmailsAfterResponse,
      limitTokenLookup: async () => (await refusalFor("orderLookups", await headers()))?.message ?? null,
    },
    form,
  );
  refresh();
  return state;
}
