import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chooseBackend } from "@/lib/data";
import { parseEnv, siteUrl } from "@/lib/env";

const SECRET = "s".repeat(32);
const SERVICE_ACCOUNT = {
  FIREBASE_PROJECT_ID: "shop-prod",
  FIREBASE_CLIENT_EMAIL: "seed@shop-prod.iam.gserviceaccount.com",
  FIREBASE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n",
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
    assert.equal(parseEnv({ VERCEL: "1", NEXTAUTH_SECRET: SECRET }).VERCEL, "1");
  });

  it("ends the error message by pointing at .env.example", () => {
    assert.match(invalid({ PORT: "abc" }, "PORT"), /See \.env\.example\.$/);
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

  it("refuses SQLite on Vercel, telling the operator what to set", () => {
    for (const source of [{}, { STORE_BACKEND: "sqlite", ...SERVICE_ACCOUNT }]) {
      const env = parseEnv({ VERCEL: "1", NEXTAUTH_SECRET: SECRET, ...source });
      assert.throws(() => chooseBackend(env), /Vercel[\s\S]*FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY/);
    }
  });

  it("allows Firestore on Vercel", () => {
    const env = parseEnv({ VERCEL: "1", NEXTAUTH_SECRET: SECRET, ...SERVICE_ACCOUNT });
    assert.deepEqual(chooseBackend(env), { kind: "firestore", projectId: "shop-prod" });
  });
});

describe("parseEnv: emulators are never trusted in production", () => {
  for (const name of ["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST"]) {
    it(`refuses ${name} on Vercel`, () => {
      assert.throws(
        () => parseEnv({ VERCEL: "1", NEXTAUTH_SECRET: "x".repeat(40), [name]: "127.0.0.1:9099" }),
        new RegExp(`${name}: must not be set in production`),
      );
    });
  }
});
