import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { parseEnv } from "@/lib/env";
import { productionRulesApply } from "@/lib/env-production";
import { KEEP_ALIVE_MS, shopEnv } from "../scripts/lib/shop-launcher.mjs";

// The local modes (start:local, dev, e2e, bench, screenshots: all place their
// shop with shopEnv, over scripts/lib/local-env.mjs) must never run
// on a real Firebase project: an ops key in .env.production.local (which
// Next's loader reads in every production-mode run) or in the shell would
// otherwise seed and test against production.
const dataDir = mkdtempSync(join(tmpdir(), "local-env-"));
const local = (env: Record<string, string>) => shopEnv({ dataDir, env });
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the local shop's environment", () => {
  it("fills in the emulators' demo project and the local defaults", () => {
    const env = local({});
    assert.equal(env.FIREBASE_PROJECT_ID, "demo-storefront");
    assert.equal(env.FIREBASE_AUTH_EMULATOR_HOST, "127.0.0.1:9099");
    assert.equal(env.SQLITE_PATH, join(dataDir, "storefront.db"));
    assert.equal(env.MEDIA_DIR, join(dataDir, "media"));
    // No Google Cloud metadata server probe: no network call, no MetadataLookupWarning in the shop's log.
    assert.equal(env.METADATA_SERVER_DETECTION, "none");
  });

  it("refuses a real project's service account or project id, naming the variables", () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [
        { FIREBASE_CLIENT_EMAIL: "storefront-ops@shop-prod.iam.gserviceaccount.com", FIREBASE_PRIVATE_KEY: "k" },
        /FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY are set/,
      ],
      [{ FIREBASE_PROJECT_ID: "shop-prod" }, /FIREBASE_PROJECT_ID is set/],
      [{ NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-prod" }, /NEXT_PUBLIC_FIREBASE_PROJECT_ID is set/],
    ];
    for (const [overrides, message] of cases) {
      assert.throws(
        () => local(overrides),
        (error: Error) => message.test(error.message) && /never on a real Firebase project/.test(error.message),
      );
    }
  });

  it("accepts another demo- project (the e2e passes use their own)", () => {
    assert.equal(local({ FIREBASE_PROJECT_ID: "demo-e2e", NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-e2e" }).FIREBASE_PROJECT_ID, "demo-e2e");
  });

  it("marks its runs local, so a production build or start on the emulators passes lib/env.ts", () => {
    const env = local({});
    assert.equal(env.STOREFRONT_LOCAL, "1");
    // What next build and next start see: the launcher's environment with NODE_ENV=production.
    const parsed = parseEnv({ ...env, NODE_ENV: "production" });
    assert.equal(productionRulesApply(parsed), false);
    assert.equal(parsed.FIREBASE_AUTH_EMULATOR_HOST, "127.0.0.1:9099");
  });
});

describe("the shop's keep-alive", () => {
  it("is the same for npm start and the suite's shop (docs/DEPLOY.md section 17)", () => {
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start;
    assert.equal(start, `next start --keepAliveTimeout ${KEEP_ALIVE_MS}`);
  });
});
