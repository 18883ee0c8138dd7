/**
 * The checks behind `npm run smoke -- URL` (scripts/smoke.ts): a deployed
 * shop, seen from outside as a shopper's browser and a crawler see it. Each
 * check says ok or what is wrong in plain words. The fetch is an argument,
 * so the verdicts are unit-tested against a fake shop (tests/smoke.test.ts).
 */

type SmokeVerdict = { check: string } & ({ ok: true; detail: string } | { ok: false; problem: string });

/** Just what the checks read of a response. */
interface SmokeResponse {
  status: number;
  header(name: string): string | null;
  text(): Promise<string>;
}

export type SmokeFetch = (url: string) => Promise<SmokeResponse>;

/** What only a local or emulator setup would put in a production answer. */
const LOCAL_HOSTS = /127\.0\.0\.1|localhost|\[::1\]/;

/** The <loc> values of a sitemap or a sitemap index. */
function locationsIn(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
}

async function check(name: string, run: () => Promise<SmokeVerdict>): Promise<SmokeVerdict> {
  try {
    return await run();
  } catch (error) {
    // fetch says only "fetch failed"; the cause says refused, unknown host, TLS or timeout.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return { check: name, ok: false, problem: `no answer: ${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

/** Runs every check against the shop at `base` (an origin such as https://shop.example.com). */
export async function runSmoke(base: string, fetchUrl: SmokeFetch): Promise<SmokeVerdict[]> {
  const origin = new URL(base).origin;
  const verdicts: SmokeVerdict[] = [];
  if (!origin.startsWith("https://")) {
    verdicts.push({ check: "address", ok: false, problem: `${origin} is not https: production is served over https only` });
  }

  verdicts.push(
    await check("health", async () => {
      const response = await fetchUrl(`${origin}/api/health`);
      const body = await response.text();
      return response.status === 200 && /"store":"firestore"/.test(body)
        ? { check: "health", ok: true, detail: body.trim() }
        : {
            check: "health",
            ok: false,
            problem: `/api/health answered ${response.status} ${body.trim().slice(0, 200)} (expected 200 with "store":"firestore")`,
          };
    }),
  );

  verdicts.push(
    await check("home page", async () => {
      const response = await fetchUrl(`${origin}/`);
      const html = await response.text();
      const problems: string[] = [];
      if (response.status !== 200) problems.push(`answered ${response.status}`);
      if (!response.header("strict-transport-security")) problems.push("sends no Strict-Transport-Security header");
      const csp = response.header("content-security-policy");
      if (!csp) problems.push("sends no Content-Security-Policy header");
      else if (LOCAL_HOSTS.test(csp)) problems.push("its Content-Security-Policy names a local host (an emulator setting was built in)");
      const canonical = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/.exec(html)?.[1];
      if (!canonical?.startsWith(origin)) problems.push(`its canonical link is ${canonical ?? "missing"}, not on ${origin} (SITE_URL)`);
      return problems.length === 0
        ? { check: "home page", ok: true, detail: "200, HSTS, a CSP without local hosts, canonical on this domain" }
        : { check: "home page", ok: false, problem: problems.join("; ") };
    }),
  );

  verdicts.push(
    await check("sitemap", async () => {
      // /sitemap.xml is an index of parts; a crawler reads the index, then the
      // parts. The first part holds the home page, so it is the one checked.
      const index = await fetchUrl(`${origin}/sitemap.xml`);
      const parts = locationsIn(await index.text());
      if (index.status !== 200 || parts.length === 0) {
        return { check: "sitemap", ok: false, problem: `/sitemap.xml answered ${index.status} naming ${parts.length} parts` };
      }
      const first = await fetchUrl(parts[0]);
      const locations = [...parts, ...locationsIn(await first.text())];
      if (first.status !== 200 || locations.length === parts.length) {
        return {
          check: "sitemap",
          ok: false,
          problem: `${parts[0]} answered ${first.status} with ${locations.length - parts.length} URLs`,
        };
      }
      const elsewhere = locations.filter((location) => !location.startsWith(`${origin}/`) && location !== origin);
      return elsewhere.length === 0
        ? {
            check: "sitemap",
            ok: true,
            detail: `an index of ${parts.length} parts; the first lists ${locations.length - parts.length} URLs, all on ${origin}`,
          }
        : {
            check: "sitemap",
            ok: false,
            problem: `${elsewhere.length} of ${locations.length} URLs are not on ${origin}, e.g. ${elsewhere[0]} (SITE_URL)`,
          };
    }),
  );
  return verdicts;
}

export function describeSmokeVerdict(verdict: SmokeVerdict): string {
  return verdict.ok ? `✔ ${verdict.check}: ${verdict.detail}` : `✘ ${verdict.check}: ${verdict.problem}`;
}
