import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { queriesWithoutIndex } from "@/lib/data/firestore/query-shapes";
import { describeVerdict, runDoctor, ttlPolicies, type DoctorProbes, type Verdict } from "@/lib/ops/doctor";

// npm run doctor's verdicts (lib/ops/doctor.ts) with the Firebase probes faked:
// what it says for a good production setup, a broken one and a local one.
const RULES = "rules_version = '2';\nservice cloud.firestore { match /{d=**} { allow read, write: if false; } }";
const PRODUCTION = {
  NEXTAUTH_SECRET: "s".repeat(32),
  NEXT_PUBLIC_FIREBASE_API_KEY: "AIzaSyExampleExampleExampleExample123",
  SITE_URL: "https://shop.example.com",
  FIREBASE_PROJECT_ID: "shop-prod",
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-prod",
  FIREBASE_CLIENT_EMAIL: "runtime@shop-prod.iam.gserviceaccount.com",
  FIREBASE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n",
  SMTP_URL: "smtps://orders%40shop.example.com:app-password@smtp.example.com:465",
  MAIL_FROM: "Shop <orders@shop.example.com>",
  CRON_SECRET: "c".repeat(32),
};

function probes(overrides: Partial<DoctorProbes> = {}): DoctorProbes {
  return {
    pingStore: async () => "firestore",
    checkAuthCredentials: async () => {},
    activeAdmins: async () => ["boss@example.com"],
    deployedRules: async () => `  ${RULES.replace(/\n/g, "\n\n")}  `,
    localRules: () => RULES,
    localIndexes: () => readFileSync("firestore.indexes.json", "utf8"),
    productsWithoutCreatedAt: async () => 0,
    productsWithoutPriceKey: async () => 0,
    productsWithoutNameKey: async () => 0,
    productsWithoutStockFlag: async () => 0,
    payOnDelivery: async () => true,
    mediaRoundTrip: async () => "cloud-storage",
    redisVersion: async () => assert.fail("Redis is asked only when REDIS_URL is set"),
    explainQueries: async () => assert.fail("Query Explain runs only with --explain"),
    ...overrides,
  };
}

const problems = (verdicts: Verdict[]) => verdicts.filter((v) => "ok" in v && !v.ok).map((v) => v.check);

describe("npm run doctor", () => {
  it("finds nothing wrong with a complete production setup (rules compared ignoring whitespace)", async () => {
    const verdicts = await runDoctor(PRODUCTION, probes());
    assert.deepEqual(problems(verdicts), []);
    assert.deepEqual(
      verdicts.map((v) => v.check),
      [
        "production configuration",
        "site URL",
        "card payments (Stripe)",
        "Firestore",
        "Firebase Auth credentials",
        "an admin",
        "Firestore rules",
        "Firestore indexes",
        "photo storage",
        "shared rate limits",
        "products' createdAt",
        "products' price key",
        "products' name key",
        "products' in-stock flag",
        "a way to pay",
      ],
    );
  });

  it("card payments: none without keys (pay on delivery), a live key passes, a test key or the stand-in in production does not", async () => {
    const verdictOf = async (source: Record<string, string | undefined>, local = false) =>
      (await runDoctor(source, probes(), { local })).find((v) => v.check === "card payments (Stripe)")!;
    assert.match(describeVerdict(await verdictOf(PRODUCTION)), /^✔ .*no Stripe keys: the shop takes no cards/);
    const live = { ...PRODUCTION, STRIPE_SECRET_KEY: "sk_live_51Example", STRIPE_WEBHOOK_SECRET: "whsec_Example" };
    assert.match(describeVerdict(await verdictOf(live)), /^✔ .*live secret key and a webhook signing secret$/);
    assert.match(describeVerdict(await verdictOf({ ...live, STRIPE_SECRET_KEY: "sk_test_51Example" })), /^✘ .*is a test key/);
    assert.match(describeVerdict(await verdictOf({ ...live, STRIPE_SECRET_KEY: "rk_live_51Example" })), /^✔ .*: live secret key/);
    const standIn = { ...live, STRIPE_SECRET_KEY: "sk_test_standin", STRIPE_API_URL: "http://127.0.0.1:12111" };
    assert.match(
      describeVerdict(await verdictOf(standIn, true)),
      /^✔ .*test secret key .* on the stand-in at http:\/\/127\.0\.0\.1:12111$/,
    );
  });

  it("names every variable Vercel would refuse, and the plain fix for each other problem", async () => {
    const verdicts = await runDoctor(
      { ...PRODUCTION, NEXTAUTH_SECRET: undefined, SITE_URL: "http://shop.example.com", NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-x" },
      probes({
        pingStore: async () => "sqlite",
        checkAuthCredentials: async () => {
          throw new Error("invalid_grant: account not found\nstack…");
        },
        activeAdmins: async () => [],
        deployedRules: async () => "allow read, write: if true;",
      }),
    );
    assert.deepEqual(problems(verdicts), [
      "production configuration",
      "site URL",
      "Firestore",
      "Firebase Auth credentials",
      "an admin",
      "Firestore rules",
    ]);
    const text = verdicts.map(describeVerdict).join("\n");
    for (const expected of [
      "NEXTAUTH_SECRET: is required in production",
      "✘ site URL: http://shop.example.com is not https: set SITE_URL",
      "NEXT_PUBLIC_FIREBASE_PROJECT_ID: is a demo- project",
      "the store is the local SQLite default",
      "✘ Firebase Auth credentials: invalid_grant: account not found",
      "npm run admin -- grant EMAIL",
      "npx firebase deploy --only firestore:rules",
    ]) {
      assert.ok(text.includes(expected), `says: ${expected}\n${text}`);
    }
    assert.ok(!text.includes("stack…"), "one line per problem");
  });

  it("with --local, on the emulators, skips what only a real project has and still checks the rest", async () => {
    const verdicts = await runDoctor(
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" },
      probes({ deployedRules: async () => assert.fail("no deployed rules on an emulator") }),
      { local: true },
    );
    assert.deepEqual(problems(verdicts), []);
    const skipped = verdicts.filter((v) => "skipped" in v).map((v) => v.check);
    assert.deepEqual(skipped, ["production configuration", "Firestore rules", "shared rate limits"]);
  });

  it("without --local, an emulator host left in the environment is a problem, and nothing is probed through it", async () => {
    const untouched = () => assert.fail("no probe may run against an emulator in a production check");
    const verdicts = await runDoctor(
      { ...PRODUCTION, FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080", NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      {
        pingStore: untouched,
        checkAuthCredentials: untouched,
        activeAdmins: untouched,
        deployedRules: untouched,
        localRules: untouched,
        localIndexes: untouched,
        productsWithoutCreatedAt: untouched,
        productsWithoutPriceKey: untouched,
        productsWithoutNameKey: untouched,
        productsWithoutStockFlag: untouched,
        explainQueries: untouched,
        payOnDelivery: untouched,
        mediaRoundTrip: untouched,
        redisVersion: untouched,
      },
    );
    assert.deepEqual(problems(verdicts), ["production configuration", "Firebase project"]);
    const text = verdicts.map(describeVerdict).join("\n");
    for (const expected of [
      "FIRESTORE_EMULATOR_HOST: must not be set in production",
      "FIRESTORE_EMULATOR_HOST, NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST are set",
      "FIRESTORE_EMULATOR_HOST= NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST= npm run doctor -- --env-file .env.ops",
      "npm run doctor -- --local",
    ]) {
      assert.ok(text.includes(expected), `says: ${expected}\n${text}`);
    }
  });

  it("with no site URL set, says to set SITE_URL here (Vercel would derive it), once", async () => {
    const verdicts = await runDoctor({ ...PRODUCTION, SITE_URL: undefined }, probes());
    assert.deepEqual(problems(verdicts), ["site URL"]);
    const text = verdicts.map(describeVerdict).join("\n");
    assert.match(text, /set SITE_URL to the shop's https address \(on Vercel it is derived/);
    assert.ok(!text.includes("NEXTAUTH_URL: must be an https URL"), text);
  });

  it("with --local, says how to reach the emulators, not how to configure a real project", async () => {
    const verdicts = await runDoctor(
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      probes({
        pingStore: async () => "sqlite",
        checkAuthCredentials: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:9099");
        },
      }),
      { local: true },
    );
    const text = verdicts.map(describeVerdict).join("\n");
    assert.match(text, /✘ Firestore: .*set FIRESTORE_EMULATOR_HOST to a running Firestore emulator/);
    assert.match(
      text,
      /✘ Firebase Auth credentials: the Auth emulator at 127.0.0.1:9099 did not answer: is it running\? \(connect ECONNREFUSED/,
    );
  });

  it("names the cause of a failed probe, not only that it failed", async () => {
    const verdicts = await runDoctor(
      PRODUCTION,
      probes({
        pingStore: async () => {
          throw new Error("Firestore did not answer within 10 s", { cause: new Error("getaddrinfo ENOTFOUND firestore.googleapis.com") });
        },
      }),
    );
    assert.match(
      verdicts.map(describeVerdict).join("\n"),
      /✘ Firestore: Firestore did not answer within 10 s \(getaddrinfo ENOTFOUND firestore.googleapis.com\)/,
    );
  });

  it("an unreadable configuration is the one verdict, naming the variable", async () => {
    const verdicts = await runDoctor({ PORT: "not-a-port" }, probes());
    assert.equal(verdicts.length, 1);
    assert.match(describeVerdict(verdicts[0]), /✘ configuration: [\s\S]*PORT/);
  });

  it("names the TTL policies this checkout's firestore.indexes.json declares, and how to see them deployed", async () => {
    assert.deepEqual(ttlPolicies(readFileSync("firestore.indexes.json", "utf8")), [
      "revokedSessions.expiresAt",
      "accountSessionCutoffs.expiresAt",
      "items.expiresAt",
      "carts.expiresAt",
      "stockNotices.expiresAt",
    ]);
    const text = (await runDoctor(PRODUCTION, probes())).map(describeVerdict).join("\n");
    assert.ok(
      text.includes(
        "its TTL policies (revokedSessions.expiresAt, accountSessionCutoffs.expiresAt, items.expiresAt, carts.expiresAt, stockNotices.expiresAt) ACTIVE in `gcloud firestore fields ttls list --project <id>`",
      ),
      text,
    );
    const broken = await runDoctor(PRODUCTION, probes({ localIndexes: () => "{ not json" }));
    assert.deepEqual(problems(broken), ["Firestore indexes"]);
  });

  it("fails when a composite query the adapter makes has no index in firestore.indexes.json", async () => {
    const indexes = JSON.parse(readFileSync("firestore.indexes.json", "utf8")) as { indexes: unknown[] };
    assert.deepEqual(queriesWithoutIndex(JSON.stringify(indexes)), [], "this checkout's file holds every one");
    const withoutTypeIndex = JSON.stringify({ ...indexes, indexes: indexes.indexes.slice(0, 1) });
    const verdicts = await runDoctor(PRODUCTION, probes({ localIndexes: () => withoutTypeIndex }));
    assert.deepEqual(problems(verdicts), ["Firestore indexes"]);
    assert.match(
      verdicts.map(describeVerdict).join("\n"),
      /✘ Firestore indexes: firestore.indexes.json has no index for the newest of one type/,
    );
  });

  it("reports products without a createdAt and names the backfill; skips the count when Firestore did not answer", async () => {
    const verdicts = await runDoctor(PRODUCTION, probes({ productsWithoutCreatedAt: async () => 3 }));
    assert.deepEqual(problems(verdicts), ["products' createdAt"]);
    assert.match(
      verdicts.map(describeVerdict).join("\n"),
      /✘ products' createdAt: 3 products have no createdAt, so no listing shows them: npm run admin -- backfill/,
    );
    const down = await runDoctor(
      PRODUCTION,
      probes({
        pingStore: async () => {
          throw new Error("no answer");
        },
        productsWithoutCreatedAt: () => assert.fail("not counted on a store that did not answer"),
        productsWithoutPriceKey: () => assert.fail("not counted on a store that did not answer"),
        productsWithoutNameKey: () => assert.fail("not counted on a store that did not answer"),
        productsWithoutStockFlag: () => assert.fail("not counted on a store that did not answer"),
        payOnDelivery: () => assert.fail("not read from a store that did not answer"),
      }),
    );
    assert.ok(down.some((v) => v.check === "products' createdAt" && "skipped" in v));
    assert.ok(down.some((v) => v.check === "products' name key" && "skipped" in v));
    assert.ok(down.some((v) => v.check === "a way to pay" && "skipped" in v));
  });

  it("fails when no shopper can order: no Stripe keys and pay on delivery turned off; passes with either", async () => {
    const closed = await runDoctor(PRODUCTION, probes({ payOnDelivery: async () => false }));
    assert.deepEqual(problems(closed), ["a way to pay"]);
    assert.match(closed.map(describeVerdict).join("\n"), /✘ a way to pay: no shopper can order: .*\/admin-entry\/payments/);
    const live = { ...PRODUCTION, STRIPE_SECRET_KEY: "sk_live_51Example", STRIPE_WEBHOOK_SECRET: "whsec_Example" };
    const cardsOnly = await runDoctor(live, probes({ payOnDelivery: async () => false }));
    assert.match(cardsOnly.map(describeVerdict).join("\n"), /✔ a way to pay: the checkout offers cards$/m);
    const both = await runDoctor(live, probes());
    assert.match(both.map(describeVerdict).join("\n"), /✔ a way to pay: the checkout offers cards and pay on delivery$/m);
  });

  it("says where photos are kept once a probe object went there and back, and what failed when it did not", async () => {
    const photoStorage = async (source: Record<string, string | undefined>, mediaRoundTrip: DoctorProbes["mediaRoundTrip"]) =>
      describeVerdict((await runDoctor(source, probes({ mediaRoundTrip }))).find((v) => v.check === "photo storage")!);
    assert.equal(
      await photoStorage({ ...PRODUCTION, FIREBASE_STORAGE_BUCKET: "shop-prod.firebasestorage.app" }, async () => "cloud-storage"),
      "✔ photo storage: the Cloud Storage bucket shop-prod.firebasestorage.app: a test object stored, read back and removed",
    );
    assert.match(
      await photoStorage(PRODUCTION, async () => "filesystem"),
      /^✔ photo storage: the folder \.data\/media on this machine .*FIREBASE_STORAGE_BUCKET/,
    );
    assert.equal(
      await photoStorage(PRODUCTION, async () => {
        throw new Error("Cloud Storage could not store doctor/probe.png: 403 Forbidden");
      }),
      "✘ photo storage: Cloud Storage could not store doctor/probe.png: 403 Forbidden",
    );
  });

  it("says whether the rate limits are shared: REDIS_URL's Redis answers, or fails; without one, each instance counts alone", async () => {
    const rateLimits = async (source: Record<string, string | undefined>, redisVersion?: DoctorProbes["redisVersion"]) =>
      describeVerdict(
        (await runDoctor(source, probes(redisVersion ? { redisVersion } : {}))).find((v) => v.check === "shared rate limits")!,
      );
    assert.match(
      await rateLimits(PRODUCTION),
      /^- shared rate limits: not checked \(REDIS_URL is unset: each instance counts its rate limits alone/,
    );
    const withRedis = { ...PRODUCTION, REDIS_URL: "rediss://default:secret@redis.example.com:6380" };
    const asked: string[] = [];
    const answered = await rateLimits(withRedis, async (url) => {
      asked.push(url);
      return "7.2.4";
    });
    assert.equal(answered, "✔ shared rate limits: Redis 7.2.4 at redis.example.com:6380 answers: every instance counts there");
    assert.deepEqual(asked, [withRedis.REDIS_URL]);
    assert.equal(
      await rateLimits(withRedis, async () => {
        throw new Error("connect ECONNREFUSED 10.0.0.5:6380");
      }),
      "✘ shared rate limits: connect ECONNREFUSED 10.0.0.5:6380",
    );
  });
});
