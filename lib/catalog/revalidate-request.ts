/**
 * How a script tells the running shop that the catalogue changed outside it
 * (app/api/revalidate/route.ts): one POST with the secret, after the write.
 * Used by the import script and `npm run admin -- catalog-changed`.
 */

type RevalidateOutcome = { ok: true } | { ok: false; reason: string };

export async function requestRevalidation(siteUrl: string, secret: string, fetcher: typeof fetch = fetch): Promise<RevalidateOutcome> {
  try {
    const response = await fetcher(new URL("/api/revalidate", siteUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? { ok: true } : { ok: false, reason: `the shop answered ${response.status}` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
