/**
 * The checks behind `npm run doctor` (scripts/doctor.ts): is this environment
 * one the shop can run on in production? Each check says ok, what is wrong in
 * plain words, or why it was skipped. The probes that reach Firebase are
 * arguments, so the verdicts are unit-tested without a project
 * (tests/doctor.test.ts); the script hands in the real ones.
 */
import "server-only";
import { COMPOSITE_QUERY_SHAPES, queriesWithoutIndex } from "@/lib/data/firestore/query-shapes";
import { parseEnv, siteUrl, type ServerEnv } from "@/lib/env";
import { EMULATOR_HOSTS } from "@/lib/env-production";
import type { ExplainedShape } from "@/lib/data/firestore/query-explain";
import type { MediaStore } from "@/lib/media/contract";
import { cardPaymentsVerdict } from "./card-payments-verdict";
import { PHOTO_STORAGE_CHECK, photoStorageVerdict } from "./photo-storage-verdict";
import { messageOf, probed } from "./probed";
import { explainVerdicts } from "./query-explain-verdicts";
import { RATE_LIMIT_CHECK, rateLimitVerdict } from "./rate-limit-verdict";
import { createdAtVerdict, nameKeyVerdict, priceKeyVerdict, stockFlagVerdict } from "./sort-key-verdicts";
import { wayToPayVerdict } from "./way-to-pay-verdict";

export type Verdict = { check: string } & ({ ok: true; detail: string } | { ok: false; problem: string } | { skipped: string });

export interface DoctorProbes {
  /** One read of the configured store (Store.ping), and which store it is; throws when it cannot be made. */
  pingStore(): Promise<"sqlite" | "firestore">;
  /** Firebase Auth answers with these credentials (a one-user list); throws otherwise. */
  checkAuthCredentials(): Promise<void>;
  /** Accounts that are admins and not disabled. */
  activeAdmins(): Promise<string[]>;
  /** The Firestore rules deployed to the project, as text. */
  deployedRules(): Promise<string>;
  /** This checkout's firestore.rules. */
  localRules(): string;
  /** This checkout's firestore.indexes.json. */
  localIndexes(): string;
  /** How many products the configured store holds without a createdAt (Store.countProductsWithoutCreatedAt: aggregation counts). */
  productsWithoutCreatedAt(): Promise<number>;
  /** How many products have no numeric price key (Store.countProductsWithoutPriceKey: aggregation counts). */
  productsWithoutPriceKey(): Promise<number>;
  /** How many products have no name key (Store.countProductsWithoutNameKey: aggregation counts). */
  productsWithoutNameKey(): Promise<number>;
  /** How many products have no in-stock flag (Store.countProductsWithoutStockFlag: aggregation counts). */
  productsWithoutStockFlag(): Promise<number>;
  /** Whether the operator offers pay on delivery (Store.getPaymentSettings). */
  payOnDelivery(): Promise<boolean>;
  /** Stores, reads back and removes a probe object in the media store (lib/media); its kind; throws when a step fails. */
  mediaRoundTrip(): Promise<MediaStore["kind"]>;
  /** The version of the Redis at a URL (lib/security/rate-limit-store.ts redisVersion); throws when it does not answer. */
  redisVersion(url: string): Promise<string>;
  /** Query Explain of each composite query shape, run on the project (lib/data/firestore/query-explain.ts); only with `explain`. */
  explainQueries(): Promise<ExplainedShape[]>;
}

const sameRules = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/** The TTL policies firestore.indexes.json declares, as "collectionGroup.field"; throws when the file is not what the deploy reads. */
export function ttlPolicies(indexesJson: string): string[] {
  const overrides = (JSON.parse(indexesJson) as { fieldOverrides?: unknown }).fieldOverrides ?? [];
  if (!Array.isArray(overrides)) throw new Error("fieldOverrides is not a list");
  return overrides
    .filter((o: { ttl?: unknown }) => o?.ttl === true)
    .map((o: { collectionGroup?: unknown; fieldPath?: unknown }) => `${String(o.collectionGroup)}.${String(o.fieldPath)}`);
}

/**
 * Every composite query the adapter makes (lib/data/firestore/query-shapes.ts)
 * has its index in this checkout's firestore.indexes.json. The deployed
 * indexes and TTL policies are read by the Firestore Admin API, which
 * firebase-admin does not expose: the verdict names what to compare them with.
 */
function indexesVerdict(localIndexes: () => string): Verdict {
  let ttls: string[];
  let missing: string[];
  try {
    ttls = ttlPolicies(localIndexes());
    missing = queriesWithoutIndex(localIndexes()).map((shape) => shape.query);
  } catch (error) {
    return { check: "Firestore indexes", ok: false, problem: `firestore.indexes.json cannot be read: ${messageOf(error)}` };
  }
  if (missing.length > 0) {
    return {
      check: "Firestore indexes",
      ok: false,
      problem: `firestore.indexes.json has no index for ${missing.join("; ")}: add it, then npx firebase deploy --only firestore:indexes`,
    };
  }
  const ttlCheck =
    ttls.length > 0 ? `; its TTL policies (${ttls.join(", ")}) ACTIVE in \`gcloud firestore fields ttls list --project <id>\`` : "";
  return {
    check: "Firestore indexes",
    ok: true,
    detail:
      `firestore.indexes.json holds the index of each of the adapter's ${COMPOSITE_QUERY_SHAPES.length} composite queries; ` +
      `check they are deployed and READY in \`npx firebase firestore:indexes --project <id>\`${ttlCheck}`,
  };
}

const OWN_VERDICTS = /^\s+((SITE_URL|NEXTAUTH_URL): must be an https URL|FIREBASE_STORAGE_BUCKET: is required on Vercel)/;

/** The configuration as lib/env.ts reads it on Vercel: every production refusal, each naming its variable. */
function productionConfiguration(source: Record<string, string | undefined>): Verdict {
  try {
    parseEnv({ ...source, VERCEL: "1" });
    return { check: "production configuration", ok: true, detail: "every variable lib/env.ts checks on Vercel passes" };
  } catch (error) {
    // The site URL has a verdict of its own, which says how to set it here, and so has
    // the photos' place ("photo storage": a self-hosted shop's folder, a Vercel one's bucket).
    const lines = (error as Error).message.split("\n").filter((line) => line.startsWith("  ") && !OWN_VERDICTS.test(line));
    if (lines.length === 0)
      return {
        check: "production configuration",
        ok: true,
        detail: "every variable lib/env.ts checks on Vercel passes (the site URL: below)",
      };
    return { check: "production configuration", ok: false, problem: `Vercel would refuse this configuration:\n${lines.join("\n")}` };
  }
}

/** The emulator variables set in `env`, by name. */
function emulatorHostsIn(env: ServerEnv): string[] {
  return EMULATOR_HOSTS.filter((name) => env[name]);
}

/** Outside --local, an emulator host set makes every probe reach the emulator: said instead of probing. */
function emulatorsSetVerdict(emulators: string[]): Verdict {
  const one = emulators.length === 1;
  return {
    check: "Firebase project",
    ok: false,
    problem:
      `${emulators.join(", ")} ${one ? "is" : "are"} set (in the shell or the --env-file), so every probe would reach an emulator, not your project. ` +
      `Unset ${one ? "it" : "them"} (e.g. ${emulators.map((name) => `${name}=`).join(" ")} npm run doctor -- --env-file .env.ops), or check a local setup with npm run doctor -- --local`,
  };
}

/** The shop's origin is https (any origin with --local). */
function siteUrlVerdict(env: ServerEnv, local: boolean): Verdict {
  const site = siteUrl(env);
  if (site.startsWith("https://") || local) return { check: "site URL", ok: true, detail: site };
  return {
    check: "site URL",
    ok: false,
    problem:
      `${site} is not https: set SITE_URL to the shop's https address` +
      (env.SITE_URL || env.NEXTAUTH_URL
        ? ""
        : " (on Vercel it is derived from the domain when unset; here, outside Vercel, set it to the production address)"),
  };
}

/** The configured store is Firestore (an emulator's with --local) and it answered. */
async function firestoreVerdict(pingStore: DoctorProbes["pingStore"], env: ServerEnv, local: boolean): Promise<Verdict> {
  if ((await pingStore()) === "firestore")
    return { check: "Firestore", ok: true, detail: `reachable (project ${env.FIREBASE_PROJECT_ID ?? "demo-storefront"})` };
  return {
    check: "Firestore",
    ok: false,
    problem: local
      ? "the store is the local SQLite default: set FIRESTORE_EMULATOR_HOST to a running Firestore emulator (npm run start:local -- --firestore starts one)"
      : "the store is the local SQLite default: set FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY",
  };
}

/** Firebase Auth accepts the service account, or (`emulated`) the Auth emulator answers. */
async function authVerdict(
  checkAuthCredentials: DoctorProbes["checkAuthCredentials"],
  env: ServerEnv,
  emulated: boolean,
): Promise<Verdict> {
  try {
    await checkAuthCredentials();
  } catch (error) {
    if (!emulated) throw error;
    return {
      check: "Firebase Auth credentials",
      ok: false,
      problem: `the Auth emulator at ${env.FIREBASE_AUTH_EMULATOR_HOST} did not answer: is it running? (${messageOf(error)})`,
    };
  }
  return {
    check: "Firebase Auth credentials",
    ok: true,
    detail: emulated ? "the Auth emulator answers" : "the service account is accepted",
  };
}

/** Some account can use /admin-entry. */
async function adminVerdict(activeAdmins: DoctorProbes["activeAdmins"]): Promise<Verdict> {
  const admins = await activeAdmins();
  return admins.length > 0
    ? { check: "an admin", ok: true, detail: admins.join(", ") }
    : {
        check: "an admin",
        ok: false,
        problem: "no account can use /admin-entry: `npm run admin -- grant EMAIL` once the person has signed up",
      };
}

/** The deployed Firestore rules are this checkout's. */
async function rulesVerdict({ deployedRules, localRules }: DoctorProbes): Promise<Verdict> {
  return sameRules(await deployedRules(), localRules())
    ? { check: "Firestore rules", ok: true, detail: "the deployed rules are this checkout's firestore.rules" }
    : {
        check: "Firestore rules",
        ok: false,
        problem: "the deployed rules differ from firestore.rules: npx firebase deploy --only firestore:rules",
      };
}

interface DoctorOptions {
  /**
   * `npm run doctor -- --local`: check a local setup on the emulators (what
   * they answer; nothing only a real project has). Without it the
   * environment is checked as production, and an emulator host left in the
   * shell or the --env-file is a problem, never a reason to skip: the probes
   * would talk to the emulator and report on it as if it were the project.
   */
  local?: boolean;
  /**
   * `npm run doctor -- --explain`: also run Firestore's Query Explain on
   * each composite query shape (it runs them: each reads at most a page,
   * billed), saying which index the project chose and what it read.
   */
  explain?: boolean;
}

export async function runDoctor(
  source: Record<string, string | undefined>,
  probes: DoctorProbes,
  { local = false, explain = false }: DoctorOptions = {},
): Promise<Verdict[]> {
  let env: ServerEnv;
  try {
    env = parseEnv(source);
  } catch (error) {
    return [{ check: "configuration", ok: false, problem: (error as Error).message }];
  }
  const emulators = emulatorHostsIn(env);
  if (!local && emulators.length > 0) return [productionConfiguration(source), emulatorsSetVerdict(emulators)];
  const emulated = local && emulators.length > 0;
  const verdicts: Verdict[] = [
    local ? { check: "production configuration", skipped: "--local: a local setup, not production" } : productionConfiguration(source),
    siteUrlVerdict(env, local),
    cardPaymentsVerdict(env, local),
    await probed("Firestore", () => firestoreVerdict(probes.pingStore, env, local)),
    await probed("Firebase Auth credentials", () => authVerdict(probes.checkAuthCredentials, env, emulated)),
    await probed("an admin", () => adminVerdict(probes.activeAdmins)),
    emulated
      ? { check: "Firestore rules", skipped: "the emulator holds no deployed rules" }
      : await probed("Firestore rules", () => rulesVerdict(probes)),
    indexesVerdict(probes.localIndexes),
    await probed(PHOTO_STORAGE_CHECK, () => photoStorageVerdict(env, probes.mediaRoundTrip)),
    await probed(RATE_LIMIT_CHECK, () => rateLimitVerdict(env, probes.redisVersion)),
  ];
  const storeAnswered = verdicts.some((v) => v.check === "Firestore" && "ok" in v && v.ok);
  verdicts.push(
    storeAnswered
      ? await probed("products' createdAt", () => createdAtVerdict(probes.productsWithoutCreatedAt))
      : { check: "products' createdAt", skipped: "Firestore did not answer" },
    storeAnswered
      ? await probed("products' price key", () => priceKeyVerdict(probes.productsWithoutPriceKey))
      : { check: "products' price key", skipped: "Firestore did not answer" },
    storeAnswered
      ? await probed("products' name key", () => nameKeyVerdict(probes.productsWithoutNameKey))
      : { check: "products' name key", skipped: "Firestore did not answer" },
    storeAnswered
      ? await probed("products' in-stock flag", () => stockFlagVerdict(probes.productsWithoutStockFlag))
      : { check: "products' in-stock flag", skipped: "Firestore did not answer" },
    storeAnswered
      ? await probed("a way to pay", async () => wayToPayVerdict(env, await probes.payOnDelivery()))
      : { check: "a way to pay", skipped: "Firestore did not answer" },
  );
  if (explain) verdicts.push(...(await explainVerdicts(probes.explainQueries, { storeAnswered, emulated })));
  return verdicts;
}

/** How the script prints a verdict. */
export function describeVerdict(verdict: Verdict): string {
  if ("skipped" in verdict) return `- ${verdict.check}: not checked (${verdict.skipped})`;
  return verdict.ok ? `✔ ${verdict.check}: ${verdict.detail}` : `✘ ${verdict.check}: ${verdict.problem}`;
}
