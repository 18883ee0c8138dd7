/**
 * npm run doctor: checks the configured environment as production would see
 * it and prints what is wrong in plain words (lib/ops/doctor.ts): the
 * configuration Vercel would accept (secrets, https URLs, no emulators, real
 * project ids), Firestore reachable, the service account accepted by Firebase
 * Auth, an admin that exists, and, on a real project, the deployed Firestore
 * rules equal to firestore.rules; every composite query the adapter makes
 * has its index in firestore.indexes.json; no product lacks a createdAt or a price key; a
 * REDIS_URL's Redis answers. Exit code: 0 all well, 1 something is
 * wrong, 2 a bad command line.
 *
 * It reads the shell's environment and, with `--env-file FILE`, that file
 * (the shell wins), and no .env file of its own accord: Next's loader reads
 * .env.local and .env.production.local into local runs too, so production
 * credentials kept there would reach the local shop, and a local .env.local
 * would mix emulator hosts into a production check.
 *
 * `npm run doctor -- --local` checks a local setup on the emulators instead
 * (an emulator host is otherwise a problem: the probes would reach it, not
 * the project). `npm run doctor -- --explain` also runs Firestore's Query
 * Explain on each composite query the shop makes (each reads at most a
 * page, billed) and says which index the project chose and what it read.
 */
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { getSecurityRules } from "firebase-admin/security-rules";
import { existsSync, readFileSync } from "node:fs";
import { listAdmins } from "@/lib/auth/admin-accounts";
import { getStore } from "@/lib/data";
import { explainQueryShapes } from "@/lib/data/firestore/query-explain";
import { serverEnv } from "@/lib/env";
import { adminApp } from "@/lib/firebase/admin-app";
import { getMediaStore } from "@/lib/media";
import { describeVerdict, runDoctor } from "@/lib/ops/doctor";
import { redisVersion } from "@/lib/security/rate-limit-store";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const local = args.includes("--local");
  const explain = args.includes("--explain");
  const fileAt = args.indexOf("--env-file");
  const envFile = fileAt >= 0 ? args[fileAt + 1] : undefined;
  const known = args.filter((arg, i) => arg === "--local" || arg === "--explain" || (fileAt >= 0 && (i === fileAt || i === fileAt + 1)));
  if (known.length !== args.length || (fileAt >= 0 && !envFile)) {
    console.error("Usage: npm run doctor [-- --env-file FILE] [--local] [--explain]");
    return 2;
  }
  if (envFile) {
    if (!existsSync(envFile)) {
      console.error(`No such file: ${envFile}`);
      return 2;
    }
    process.loadEnvFile(envFile);
  }
  const env = () => serverEnv();
  const auth = () => getAuth(adminApp(env()));
  const verdicts = await runDoctor(
    process.env,
    {
      pingStore: async () => {
        const store = await getStore();
        await store.ping();
        return store.kind;
      },
      checkAuthCredentials: async () => void (await auth().listUsers(1)),
      activeAdmins: async () => (await listAdmins(auth(), env().ADMIN_EMAILS)).accounts.filter((a) => !a.disabled).map((a) => a.email),
      deployedRules: async () =>
        (await getSecurityRules(adminApp(env())).getFirestoreRuleset()).source.map((file) => file.content).join("\n"),
      localRules: () => readFileSync("firestore.rules", "utf8"),
      localIndexes: () => readFileSync("firestore.indexes.json", "utf8"),
      productsWithoutCreatedAt: async () => (await getStore()).countProductsWithoutCreatedAt(),
      productsWithoutPriceKey: async () => (await getStore()).countProductsWithoutPriceKey(),
      productsWithoutNameKey: async () => (await getStore()).countProductsWithoutNameKey(),
      productsWithoutStockFlag: async () => (await getStore()).countProductsWithoutStockFlag(),
      payOnDelivery: async () => (await getStore()).getPaymentSettings().then((settings) => settings.payOnDelivery),
      mediaRoundTrip: async () => {
        const media = await getMediaStore();
        const key = `doctor/probe-${Date.now().toString(36)}.png`;
        const probe = Buffer.from("storefront doctor");
        await media.put(key, probe);
        const back = await media.get(key);
        await media.delete(key);
        if (!back?.bytes.equals(probe)) throw new Error(`the probe object ${key} came back different`);
        return media.kind;
      },
      redisVersion,
      // The store's own Firestore (getStore made it first): the same project and database.
      explainQueries: () => explainQueryShapes(getFirestore(adminApp(env()))),
    },
    { local, explain },
  );
  for (const verdict of verdicts) console.log(describeVerdict(verdict));
  const problems = verdicts.filter((v) => "ok" in v && !v.ok).length;
  console.log(problems === 0 ? "\nNothing wrong found." : `\n${problems} problem${problems === 1 ? "" : "s"} to fix (see docs/DEPLOY.md).`);
  return problems === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
