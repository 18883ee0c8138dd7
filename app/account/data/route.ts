import { connection } from "next/server";
import { accountProfileOf } from "@/lib/auth/firebase-account";
import { currentUser } from "@/lib/auth/session";
import { storeUnavailableJson } from "@/lib/cart/unavailable-response";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";
import { log } from "@/lib/log";
import { accountData } from "@/lib/orders/account-data";
import { limitRequest } from "@/lib/security/request-client";
import { ACCOUNT_PATH } from "@/lib/site-links";

/**
 * GET /account/data: "Download my data" (the account page's link), the
 * signed-in shopper's profile, saved addresses and orders as a JSON file
 * (lib/orders/account-data.ts). A plain link, so it works without
 * JavaScript; signed out, it leads to the sign-in and back to the account.
 * Limited per client (dataDownloads); private, never stored by a cache.
 */
export async function GET(request: Request): Promise<Response> {
  await connection();
  const limited = await limitRequest("dataDownloads", request.headers);
  if (limited) return limited;
  try {
    const user = await currentUser();
    const profile = user && (await accountProfileOf(user.uid));
    if (!user || !profile) {
      return new Response(null, {
        status: 303,
        headers: { Location: `/sign-page?callbackUrl=${encodeURIComponent(ACCOUNT_PATH)}`, "Cache-Control": "private, no-store" },
      });
    }
    const data = await accountData(await getStore(), user.uid, profile, Date.now());
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="storefront-account-${data.exportedAt.slice(0, 10)}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn(
      "account.data_download_unavailable",
      "A data download was not made: the session, Firebase Auth or the store did not answer",
      undefined,
      error,
    );
    return storeUnavailableJson();
  }
}
