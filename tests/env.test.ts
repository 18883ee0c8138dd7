import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BUILD_DEADLINE_MS, chooseBackend, firestoreOptionsFor } from "@/lib/data";
import { chooseMediaStore } from "@/lib/media";
import { LOCAL_MAIL_FROM, LOCAL_SMTP_URL, mailSettings, parseEnv, siteUrl } from "@/lib/env";
import { buildCheckApplies, productionRulesApply } from "@/lib/env-production";
import { stripeSettings } from "@/lib/payments/stripe-client";

const SECRET = "s".repeat(32);
const SERVICE_ACCOUNT = {
  FIREBASE_PROJECT_ID: "shop-prod",
  FIREBASE_CLIENT_EMAIL: "seed@shop-prod.iam.gserviceaccount.com",
  FIREBASE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n",
};

/** Orders' email and the outbox's cron job, as DEPLOY.md asks for them. */
const MAIL = {
  SMTP_URL: "smtps://orders%40shop.example.com:app-password@smtp.example.com:465",
  MAIL_FROM: "Shop <orders@shop.example.com>",
  CRON_SECRET: "c".repeat(32),
};

/** A complete Vercel production environment: what DEPLOY.md asks ops to set, plus what Vercel sets. */
const PRODUCTION = {
  VERCEL: "1",
  VERCEL_ENV: "production",
  VERCEL_URL: "shop-abc123-team.vercel.app",
  VERCEL_PROJECT_PRODUCTION_URL: "shop.example.com",
  NEXTAUTH_SECRET: SECRET,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-prod",
  NEXT_PUBLIC_FIREBASE_API_KEY: "AIzaSyExampleExampleExampleExample123",
  ...SERVICE_ACCOUNT,
  ...MAIL,
  FIREBASE_STORAGE_BUCKET: "shop-prod.firebasestorage.app",
};

/** Asserts parseEnv throws and that its message names `variable`; returns the message. */
function invalid(source: Record<string, string | undefined>, variable: string): string {
  let message = "";
  assert.throws(
    () => parseEnv(source),
    (error: unknown) => {
      assert.ok(error instanceof Error);
      message = error.message;
      return true;
    },
  );
  assert.match(message, new RegExp(`^\\s+${variable}\\b`, "m"), `the error names ${variable}:\n${message}`);
  return message;
}

describe("parseEnv", () => {
  it("fills in the local defaults for an empty environment", () => {
    const env = parseEnv({});
    assert.equal(env.SQLITE_PATH, ".data/storefront.db");
    assert.equal(env.PORT, 3000);
    assert.equal(env.NODE_ENV, "development");
    assert.deepEqual(env.ADMIN_EMAILS, []);
    assert.equal(env.STORE_BACKEND, undefined);
    assert.equal(env.NEXTAUTH_URL, undefined);
  });

  it("treats empty values, as copied from .env.example, as unset", () => {
    const env = parseEnv({ PORT: "", SQLITE_PATH: "  ", NEXTAUTH_URL: "", NEXTAUTH_SECRET: "", STORE_BACKEND: "", SITE_URL: "" });
    assert.equal(env.PORT, 3000);
    assert.equal(env.SQLITE_PATH, ".data/storefront.db");
    assert.equal(env.NEXTAUTH_URL, undefined);
    assert.equal(env.STORE_BACKEND, undefined);
  });

  it("reads PORT as a number and SQLITE_PATH as given", () => {
    const env = parseEnv({ PORT: "8080", SQLITE_PATH: "/tmp/shop.db" });
    assert.equal(env.PORT, 8080);
    assert.equal(env.SQLITE_PATH, "/tmp/shop.db");
  });

  it("does not touch process.env", () => {
    const before = { ...process.env };
    parseEnv({ PORT: "4000", ADMIN_EMAILS: "a@b.co" });
    assert.deepEqual({ ...process.env }, before);
  });

  it("splits ADMIN_EMAILS on commas, trimming and lower-casing each", () => {
    const env = parseEnv({ ADMIN_EMAILS: " Admin@Shop.example ,ops@shop.example,, BOSS@EXAMPLE.COM " });
    assert.deepEqual(env.ADMIN_EMAILS, ["admin@shop.example", "ops@shop.example", "boss@example.com"]);
  });

  it("rejects an ADMIN_EMAILS entry that is not an email", () => {
    const message = invalid({ ADMIN_EMAILS: "admin@shop.example, not-an-email" }, "ADMIN_EMAILS");
    assert.match(message, /email/);
  });

  it("names PORT when it is not a number or out of range", () => {
    invalid({ PORT: "abc" }, "PORT");
    invalid({ PORT: "0" }, "PORT");
    invalid({ PORT: "70000" }, "PORT");
    invalid({ PORT: "3000.5" }, "PORT");
  });

  it("names NEXTAUTH_URL when it is not an absolute URL", () => {
    invalid({ NEXTAUTH_URL: "not-a-url" }, "NEXTAUTH_URL");
    assert.equal(parseEnv({ NEXTAUTH_URL: "http://localhost:3000" }).NEXTAUTH_URL, "http://localhost:3000");
  });

  it("names NEXTAUTH_SECRET when it is shorter than 32 characters", () => {
    const message = invalid({ NEXTAUTH_SECRET: "x".repeat(31) }, "NEXTAUTH_SECRET");
    assert.match(message, /32/);
    assert.equal(parseEnv({ NEXTAUTH_SECRET: SECRET }).NEXTAUTH_SECRET, SECRET);
  });

  it("names SITE_URL, STORE_BACKEND and the emulator hosts when malformed", () => {
    invalid({ SITE_URL: "shop.example.com" }, "SITE_URL");
    invalid({ STORE_BACKEND: "postgres" }, "STORE_BACKEND");
    invalid({ FIRESTORE_EMULATOR_HOST: "localhost" }, "FIRESTORE_EMULATOR_HOST");
    invalid({ FIREBASE_AUTH_EMULATOR_HOST: "http://127.0.0.1:9099" }, "FIREBASE_AUTH_EMULATOR_HOST");
  });

  it("requires NEXTAUTH_SECRET on Vercel", () => {
    invalid({ VERCEL: "1" }, "NEXTAUTH_SECRET");
    invalid({ ...PRODUCTION, NEXTAUTH_SECRET: undefined }, "NEXTAUTH_SECRET");
    assert.equal(parseEnv(PRODUCTION).VERCEL, "1");
  });

  it("ends the error message by pointing at .env.example and the deploy guide", () => {
    assert.match(
      invalid({ PORT: "abc" }, "PORT"),
      /See \.env\.example \(local\) or docs\/DEPLOY\.md: section 11 \(Vercel\), section 17 \(self-hosted\)\.$/,
    );
  });

  describe("service account", () => {
    it("accepts the three variables together", () => {
      const env = parseEnv(SERVICE_ACCOUNT);
      assert.equal(env.FIREBASE_PROJECT_ID, "shop-prod");
      assert.equal(env.FIREBASE_CLIENT_EMAIL, SERVICE_ACCOUNT.FIREBASE_CLIENT_EMAIL);
    });

    it("accepts a project id alone (emulator use)", () => {
      assert.equal(parseEnv({ FIREBASE_PROJECT_ID: "demo-shop" }).FIREBASE_PROJECT_ID, "demo-shop");
    });

    for (const missing of ["FIREBASE_PROJECT_ID", "FIREBASE_CLIENT_EMAIL", "FIREBASE_PRIVATE_KEY"] as const) {
      it(`refuses a service account without ${missing}`, () => {
        const partial: Record<string, string> = { ...SERVICE_ACCOUNT };
        delete partial[missing];
        const message = invalid(partial, "FIREBASE_PRIVATE_KEY");
        assert.match(message, /FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY/);
      });
    }

    it("turns \\n escapes in FIREBASE_PRIVATE_KEY into newlines", () => {
      const key = parseEnv(SERVICE_ACCOUNT).FIREBASE_PRIVATE_KEY;
      assert.equal(key, "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n");
      assert.ok(!key?.includes("\\n"));
    });

    it("keeps a key that already has real newlines", () => {
      const real = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----";
      assert.equal(parseEnv({ ...SERVICE_ACCOUNT, FIREBASE_PRIVATE_KEY: real }).FIREBASE_PRIVATE_KEY, real);
    });
  });
});

describe("siteUrl", () => {
  it("prefers SITE_URL, without a trailing slash", () => {
    const env = parseEnv({ SITE_URL: "https://shop.example.com/", NEXTAUTH_URL: "https://auth.example.com" });
    assert.equal(siteUrl(env), "https://shop.example.com");
  });

  it("falls back to NEXTAUTH_URL", () => {
    assert.equal(siteUrl(parseEnv({ NEXTAUTH_URL: "https://auth.example.com//" })), "https://auth.example.com");
  });

  it("falls back to localhost on PORT", () => {
    assert.equal(siteUrl(parseEnv({})), "http://localhost:3000");
    assert.equal(siteUrl(parseEnv({ PORT: "4321" })), "http://localhost:4321");
  });
});

describe("firestoreOptionsFor", () => {
  it("gives Firestore calls the longer deadline only while next build runs", () => {
    assert.deepEqual(firestoreOptionsFor(parseEnv({ NEXT_PHASE: "phase-production-build" })), { deadlineMs: BUILD_DEADLINE_MS });
    assert.ok(BUILD_DEADLINE_MS > 10_000 && BUILD_DEADLINE_MS * 2 < 54_000);
    assert.deepEqual(firestoreOptionsFor(parseEnv({ NEXT_PHASE: "phase-production-server" })), {});
    assert.deepEqual(firestoreOptionsFor(parseEnv({})), {});
  });
});

describe("chooseBackend", () => {
  it("picks SQLite at SQLITE_PATH by default", () => {
    assert.deepEqual(chooseBackend(parseEnv({})), { kind: "sqlite", path: ".data/storefront.db" });
    assert.deepEqual(chooseBackend(parseEnv({ SQLITE_PATH: "/tmp/x.db" })), { kind: "sqlite", path: "/tmp/x.db" });
  });

  it("picks Firestore when the Firestore emulator is configured", () => {
    const env = parseEnv({ FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080", FIREBASE_PROJECT_ID: "demo-shop" });
    assert.deepEqual(chooseBackend(env), { kind: "firestore", projectId: "demo-shop" });
  });

  it("picks Firestore when a service account is configured", () => {
    assert.deepEqual(chooseBackend(parseEnv(SERVICE_ACCOUNT)), { kind: "firestore", projectId: "shop-prod" });
  });

  it("keeps SQLite for a project id alone, or for the Auth emulator alone", () => {
    assert.equal(chooseBackend(parseEnv({ FIREBASE_PROJECT_ID: "demo-shop" })).kind, "sqlite");
    assert.equal(chooseBackend(parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).kind, "sqlite");
  });

  it("lets STORE_BACKEND override the default either way", () => {
    assert.deepEqual(chooseBackend(parseEnv({ ...SERVICE_ACCOUNT, STORE_BACKEND: "sqlite" })), {
      kind: "sqlite",
      path: ".data/storefront.db",
    });
    assert.deepEqual(chooseBackend(parseEnv({ STORE_BACKEND: "firestore" })), { kind: "firestore", projectId: undefined });
  });

  it("refuses SQLite on Vercel at start, naming the variable to set or remove", () => {
    for (const name of ["FIREBASE_CLIENT_EMAIL", "FIREBASE_PRIVATE_KEY"]) {
      assert.match(
        invalid({ ...PRODUCTION, FIREBASE_CLIENT_EMAIL: undefined, FIREBASE_PRIVATE_KEY: undefined }, name),
        new RegExp(`${name}: is required in production`),
      );
    }
    assert.match(invalid({ ...PRODUCTION, STORE_BACKEND: "sqlite" }, "STORE_BACKEND"), /STORE_BACKEND: must not be sqlite in production/);
  });

  it("refuses SQLite on Vercel at first use too, with the same advice", () => {
    const local = parseEnv({});
    assert.throws(
      () => chooseBackend({ ...local, VERCEL: "1" }),
      /Vercel[\s\S]*FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY/,
    );
    assert.throws(() => chooseBackend({ ...local, VERCEL: "1", STORE_BACKEND: "sqlite" }), /remove STORE_BACKEND=sqlite/);
  });

  it("allows Firestore on Vercel", () => {
    assert.deepEqual(chooseBackend(parseEnv(PRODUCTION)), { kind: "firestore", projectId: "shop-prod" });
  });
});

describe("parseEnv: emulators are never trusted in production", () => {
  for (const name of ["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST"]) {
    it(`refuses ${name} on Vercel`, () => {
      assert.match(invalid({ ...PRODUCTION, [name]: "127.0.0.1:9099" }, name), new RegExp(`${name}: must not be set in production`));
    });
  }

  for (const name of ["FIREBASE_PROJECT_ID", "NEXT_PUBLIC_FIREBASE_PROJECT_ID"]) {
    it(`refuses a demo- ${name} on Vercel, and a missing one`, () => {
      const both = { ...PRODUCTION, FIREBASE_PROJECT_ID: "demo-storefront", NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-storefront" };
      assert.match(invalid(both, name), new RegExp(`${name}: is a demo- project`));
      assert.match(
        invalid({ ...PRODUCTION, FIREBASE_CLIENT_EMAIL: undefined, FIREBASE_PRIVATE_KEY: undefined, [name]: undefined }, name),
        new RegExp(`${name}: is required in production`),
      );
    });
  }

  it("refuses a browser bundle without a real Web API key (missing, or the emulators' default)", () => {
    invalid({ ...PRODUCTION, NEXT_PUBLIC_FIREBASE_API_KEY: undefined }, "NEXT_PUBLIC_FIREBASE_API_KEY");
    invalid({ ...PRODUCTION, NEXT_PUBLIC_FIREBASE_API_KEY: "demo-api-key" }, "NEXT_PUBLIC_FIREBASE_API_KEY");
  });

  it("refuses a browser bundle signed in to another project than the server verifies against", () => {
    invalid({ ...PRODUCTION, NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-staging" }, "NEXT_PUBLIC_FIREBASE_PROJECT_ID");
  });
});

describe("parseEnv and siteUrl: the site URL in production", () => {
  it("refuses an http SITE_URL or NEXTAUTH_URL on Vercel, naming the one in use", () => {
    invalid({ ...PRODUCTION, SITE_URL: "http://shop.example.com" }, "SITE_URL");
    invalid({ ...PRODUCTION, NEXTAUTH_URL: "http://shop.example.com" }, "NEXTAUTH_URL");
  });

  it("refuses Vercel with no URL to derive from (no SITE_URL, NEXTAUTH_URL or VERCEL_URL)", () => {
    const message = invalid({ ...PRODUCTION, VERCEL_URL: undefined, VERCEL_PROJECT_PRODUCTION_URL: undefined }, "NEXTAUTH_URL");
    assert.match(message, /https URL in production \(it gives http:\/\/localhost:3000\)/);
  });

  it("derives it on Vercel: the production domain in production, the deployment's own host on a preview", () => {
    assert.equal(siteUrl(parseEnv(PRODUCTION)), "https://shop.example.com");
    assert.equal(siteUrl(parseEnv({ ...PRODUCTION, VERCEL_ENV: "preview" })), "https://shop-abc123-team.vercel.app");
    assert.equal(siteUrl(parseEnv({ ...PRODUCTION, SITE_URL: "https://www.example.com" })), "https://www.example.com");
  });

  it("never derives it off Vercel, where VERCEL_URL would be someone else's leftover", () => {
    assert.equal(siteUrl(parseEnv({ VERCEL_URL: "x.vercel.app", PORT: "4000" })), "http://localhost:4000");
  });
});

describe("parseEnv: the Vercel build check's switch (scripts/vercel/build-check.mjs)", () => {
  const BUILD_CHECK = {
    VERCEL: "1",
    NEXT_PHASE: "phase-production-build",
    STOREFRONT_BUILD_CHECK: "1",
    NEXTAUTH_SECRET: SECRET,
    SITE_URL: "https://shop.example.com",
    FIREBASE_PROJECT_ID: "demo-build-check",
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-build-check",
    FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
    FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "localhost:9099",
  };

  it("lets a local `vercel build` use loopback emulators under demo- projects", () => {
    assert.equal(buildCheckApplies(parseEnv(BUILD_CHECK)), true);
  });

  const never: Array<[string, Record<string, string | undefined>]> = [
    ["in a function (run time, not the build)", { NEXT_PHASE: undefined }],
    ["on a Vercel production build", { VERCEL_ENV: "production" }],
    ["on a Vercel preview build", { VERCEL_ENV: "preview" }],
    ["with an emulator off this machine", { FIRESTORE_EMULATOR_HOST: "10.0.0.5:8080" }],
    ["with a real project id", { FIREBASE_PROJECT_ID: "shop-prod", NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-prod" }],
  ];
  for (const [where, change] of never) {
    it(`is refused ${where}, naming the switch and the emulators`, () => {
      const message = invalid({ ...BUILD_CHECK, ...change }, "STOREFRONT_BUILD_CHECK");
      assert.match(message, /STOREFRONT_BUILD_CHECK: is only for scripts\/vercel\/build-check\.mjs/);
      assert.match(message, /FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
    });
  }
  it("reads the rate limits' settings, and refuses the suite's factor in production", () => {
    assert.equal(parseEnv({ ...PRODUCTION }).TRUSTED_PROXY_HOPS, 0);
    assert.equal(parseEnv({ ...PRODUCTION, TRUSTED_PROXY_HOPS: "2" }).TRUSTED_PROXY_HOPS, 2);
    invalid({ ...PRODUCTION, TRUSTED_PROXY_HOPS: "9" }, "TRUSTED_PROXY_HOPS");
    invalid({ ...PRODUCTION, RATE_LIMIT_FACTOR: "1000" }, "RATE_LIMIT_FACTOR");
    assert.equal(parseEnv({ ...PRODUCTION, RATE_LIMIT_FACTOR: "1" }).RATE_LIMIT_FACTOR, 1);
  });
});

describe("parseEnv: production is refused whenever it is production, not only on Vercel", () => {
  /** A self-hosted production start (`next start`, NODE_ENV=production) as docs/DEPLOY.md section 17 asks for it. */
  const SELF_HOSTED = {
    NODE_ENV: "production",
    SITE_URL: "https://shop.example.com",
    NEXTAUTH_SECRET: SECRET,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-prod",
    NEXT_PUBLIC_FIREBASE_API_KEY: "AIzaSyExampleExampleExampleExample123",
    ...SERVICE_ACCOUNT,
    ...MAIL,
  };
  /** What the local launcher (scripts/lib/local-env.mjs) gives a production build or start of the shop. */
  const LOCAL_PRODUCTION = {
    NODE_ENV: "production",
    STOREFRONT_LOCAL: "1",
    NEXTAUTH_URL: "http://localhost:3100",
    NEXTAUTH_SECRET: SECRET,
    FIREBASE_PROJECT_ID: "demo-storefront",
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-storefront",
    FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9199",
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9199",
  };

  it("starts a self-hosted production with an https site URL, a service account and no emulator", () => {
    const env = parseEnv(SELF_HOSTED);
    assert.equal(productionRulesApply(env), true);
    assert.equal(siteUrl(env), "https://shop.example.com");
  });

  it("refuses a production start without the local mark and with an http site URL, naming the variable", () => {
    const message = invalid({ ...SELF_HOSTED, SITE_URL: "http://shop.example.com" }, "SITE_URL");
    assert.match(message, /SITE_URL: must be an https URL in production \(it gives http:\/\/shop\.example\.com\)/);
    invalid({ ...SELF_HOSTED, SITE_URL: undefined, NEXTAUTH_URL: "http://shop.example.com" }, "NEXTAUTH_URL");
    // No URL at all: the local default, which is http.
    assert.match(invalid({ ...SELF_HOSTED, SITE_URL: undefined }, "NEXTAUTH_URL"), /it gives http:\/\/localhost:3000/);
  });

  it("refuses the launcher's local environment when the mark is missing: emulators, demo- projects, http", () => {
    const unmarked = { ...LOCAL_PRODUCTION, STOREFRONT_LOCAL: undefined };
    const message = invalid(unmarked, "NEXTAUTH_URL");
    for (const name of [
      "FIREBASE_AUTH_EMULATOR_HOST",
      "NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST",
      "FIREBASE_PROJECT_ID",
      "FIREBASE_CLIENT_EMAIL",
      "NEXT_PUBLIC_FIREBASE_API_KEY",
    ]) {
      assert.match(message, new RegExp(`^\\s+${name}: `, "m"), name);
    }
  });

  it("starts the launcher's local production build or start (the mark is set)", () => {
    const env = parseEnv(LOCAL_PRODUCTION);
    assert.equal(env.STOREFRONT_LOCAL, true);
    assert.equal(productionRulesApply(env), false);
    assert.equal(env.FIREBASE_AUTH_EMULATOR_HOST, "127.0.0.1:9199");
  });

  it("refuses the local mark on Vercel, naming it, and keeps every production refusal there", () => {
    const message = invalid({ ...LOCAL_PRODUCTION, VERCEL: "1" }, "STOREFRONT_LOCAL");
    assert.match(message, /STOREFRONT_LOCAL: is set only by the local launcher .*never set it on Vercel/);
    assert.match(message, /FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
    invalid({ ...PRODUCTION, STOREFRONT_LOCAL: "1" }, "STOREFRONT_LOCAL");
  });

  it("refuses the local mark with a real Firebase project, so it cannot exempt a real shop", () => {
    const message = invalid({ ...SELF_HOSTED, SITE_URL: "http://shop.example.com", STOREFRONT_LOCAL: "1" }, "STOREFRONT_LOCAL");
    assert.match(
      message,
      /never with a real Firebase project \(FIREBASE_PROJECT_ID, NEXT_PUBLIC_FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY set\)/,
    );
  });

  it("leaves development and tests alone: next dev, and runs with no NODE_ENV", () => {
    const unmarked = { ...LOCAL_PRODUCTION, STOREFRONT_LOCAL: undefined };
    for (const NODE_ENV of ["development", "test", undefined]) {
      assert.equal(productionRulesApply(parseEnv({ ...unmarked, NODE_ENV })), false, String(NODE_ENV));
    }
  });
});

describe("parseEnv: orders' email and the outbox's cron job", () => {
  it("sends to the local catcher with a local From when nothing is set outside production", () => {
    assert.deepEqual(mailSettings(parseEnv({})), { smtpUrl: LOCAL_SMTP_URL, from: LOCAL_MAIL_FROM });
    assert.equal(LOCAL_SMTP_URL, "smtp://127.0.0.1:1025");
  });

  it("takes the SMTP server and From as given", () => {
    const env = parseEnv({ SMTP_URL: "smtp://user:pass@smtp.example.com:587", MAIL_FROM: "orders@shop.example.com" });
    assert.deepEqual(mailSettings(env), { smtpUrl: "smtp://user:pass@smtp.example.com:587", from: "orders@shop.example.com" });
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://, a From that is not an address, a short CRON_SECRET", () => {
    invalid({ SMTP_URL: "https://smtp.example.com" }, "SMTP_URL");
    invalid({ SMTP_URL: "smtp.example.com:587" }, "SMTP_URL");
    invalid({ MAIL_FROM: "Shop orders@shop.example.com" }, "MAIL_FROM");
    invalid({ MAIL_FROM: "Shop\r\nBcc: x@y.z <orders@shop.example.com>" }, "MAIL_FROM");
    invalid({ CRON_SECRET: "short" }, "CRON_SECRET");
  });

  it("requires each of SMTP_URL, MAIL_FROM and CRON_SECRET in production, naming it", () => {
    for (const name of ["SMTP_URL", "MAIL_FROM", "CRON_SECRET"]) {
      assert.match(invalid({ ...PRODUCTION, [name]: undefined }, name), new RegExp(`${name}: is required in production`));
    }
  });

  it("refuses the local catcher's loopback SMTP server in production", () => {
    for (const url of ["smtp://127.0.0.1:1025", "smtp://localhost:1025"]) {
      assert.match(invalid({ ...PRODUCTION, SMTP_URL: url }, "SMTP_URL"), /must not be a loopback address in production/);
    }
  });
});

describe("parseEnv: card payments through Stripe", () => {
  const KEYS = { STRIPE_SECRET_KEY: "sk_live_51Example", STRIPE_WEBHOOK_SECRET: "whsec_Example123" };

  it("takes no keys (pay on delivery only), or both keys; production takes live keys", () => {
    assert.equal(stripeSettings(parseEnv({})), null);
    assert.deepEqual(stripeSettings(parseEnv({ ...PRODUCTION, ...KEYS })), {
      secretKey: KEYS.STRIPE_SECRET_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
      apiUrl: null,
    });
  });

  it("refuses one key without the other (a payment is recorded only from the webhook), and keys of the wrong form", () => {
    assert.match(invalid({ STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY }, "STRIPE_WEBHOOK_SECRET"), /go together/);
    assert.match(invalid({ STRIPE_WEBHOOK_SECRET: KEYS.STRIPE_WEBHOOK_SECRET }, "STRIPE_SECRET_KEY"), /go together/);
    invalid({ ...KEYS, STRIPE_SECRET_KEY: "pk_live_51Example" }, "STRIPE_SECRET_KEY");
    invalid({ ...KEYS, STRIPE_WEBHOOK_SECRET: "secret" }, "STRIPE_WEBHOOK_SECRET");
  });

  it("refuses the Stripe stand-in in production, and takes it elsewhere", () => {
    const standIn = { ...KEYS, STRIPE_SECRET_KEY: "sk_test_standin", STRIPE_API_URL: "http://127.0.0.1:12111" };
    assert.match(invalid({ ...PRODUCTION, ...standIn }, "STRIPE_API_URL"), /stand-in/);
    assert.equal(stripeSettings(parseEnv(standIn))?.apiUrl, "http://127.0.0.1:12111");
  });
});

describe("chooseMediaStore", () => {
  it("keeps photos in MEDIA_DIR by default, and in the bucket FIREBASE_STORAGE_BUCKET names", () => {
    assert.deepEqual(chooseMediaStore(parseEnv({})), { kind: "filesystem", folder: ".data/media" });
    assert.deepEqual(chooseMediaStore(parseEnv({ MEDIA_DIR: "/srv/media" })), { kind: "filesystem", folder: "/srv/media" });
    assert.deepEqual(chooseMediaStore(parseEnv({ FIREBASE_STORAGE_BUCKET: "shop-prod.firebasestorage.app" })), {
      kind: "cloud-storage",
      bucket: "shop-prod.firebasestorage.app",
    });
  });

  it("refuses a bucket given as a URL, and the disk on Vercel, naming the variable to set", () => {
    for (const bucket of ["gs://shop-prod.appspot.com", "https://storage.googleapis.com/shop", "Shop_Prod", "a"]) {
      assert.match(invalid({ FIREBASE_STORAGE_BUCKET: bucket }, "FIREBASE_STORAGE_BUCKET"), /bucket's name/);
    }
    assert.throws(() => chooseMediaStore({ ...parseEnv({}), VERCEL: "1" }), /Vercel's disk: set FIREBASE_STORAGE_BUCKET/);
    assert.match(invalid({ ...PRODUCTION, FIREBASE_STORAGE_BUCKET: undefined }, "FIREBASE_STORAGE_BUCKET"), /required on Vercel/);
  });

  it("refuses the Cloud Storage stand-in in production, under either name, and takes it elsewhere", () => {
    assert.match(invalid({ ...PRODUCTION, STORAGE_EMULATOR_HOST: "http://127.0.0.1:4443" }, "STORAGE_EMULATOR_HOST"), /stand-in/);
    assert.match(
      invalid({ ...PRODUCTION, FIREBASE_STORAGE_EMULATOR_HOST: "127.0.0.1:4443" }, "FIREBASE_STORAGE_EMULATOR_HOST"),
      /emulators only/,
    );
    assert.equal(parseEnv({ STORAGE_EMULATOR_HOST: "http://127.0.0.1:4443" }).STORAGE_EMULATOR_HOST, "http://127.0.0.1:4443");
  });
});
