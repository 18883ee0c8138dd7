/**
 * npm run smoke -- https://shop.example.com: after a deploy, checks the shop
 * from outside (lib/ops/smoke.ts): health on Firestore, HSTS and a CSP
 * without emulator hosts, canonical links and the sitemap on the domain.
 * Needs no credentials. Exit code: 0 all well, 1 something is wrong, 2 no URL.
 */
import { describeSmokeVerdict, runSmoke } from "@/lib/ops/smoke";

async function main(): Promise<number> {
  const [base, ...rest] = process.argv.slice(2);
  if (!base || rest.length > 0 || !URL.canParse(base)) {
    console.error("Usage: npm run smoke -- https://shop.example.com");
    return 2;
  }
  const verdicts = await runSmoke(base, async (url) => {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(20_000) });
    return { status: response.status, header: (name) => response.headers.get(name), text: () => response.text() };
  });
  for (const verdict of verdicts) console.log(describeSmokeVerdict(verdict));
  const failed = verdicts.filter((verdict) => !verdict.ok).length;
  console.log(
    failed === 0 ? "\nSmoke test passed." : `\n${failed} check${failed === 1 ? "" : "s"} failed (see docs/DEPLOY.md, section 11).`,
  );
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
