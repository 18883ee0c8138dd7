/**
 * Who may download the admin's exports (the catalogue, the orders): an
 * admin session, read as the admin pages read it (admin-proof.ts). A plain
 * link, so a signed-out admin is sent to the admin sign-in and back; a
 * signed-in shopper is refused; a session the store cannot check is a
 * "try again". Another site's link can only make the admin's own browser
 * save the file, never read it, so there is no Origin to check.
 */
import "server-only";
import { adminProofOf, type AdminProof } from "./admin-proof";
import { requestUser } from "./request-caller";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The admin's proof, or the answer to give instead. */
export async function adminDownloader(download: string, backTo: string): Promise<AdminProof | Response> {
  const user = await requestUser(download);
  const admin = adminProofOf(user);
  if (typeof admin !== "string") return admin;
  if (admin === "unavailable") {
    return new Response("The shop is briefly unavailable, so your session could not be checked. Please try again in a moment.\n", {
      status: 503,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
    });
  }
  if (user === null) {
    return new Response(null, {
      status: 303,
      headers: { ...PRIVATE, Location: `/admin-signin?callbackUrl=${encodeURIComponent(backTo)}` },
    });
  }
  return new Response("Only an admin can download this.\n", {
    status: 403,
    headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
