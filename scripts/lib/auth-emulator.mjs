// The Firebase Auth emulator (firebase-tools, runs offline) and the local admin account.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startService, waitFor } from "./processes.mjs";

async function isAuthEmulator(host) {
  const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
  const body = await response.json();
  return body?.authEmulator?.ready === true;
}

/** Starts the emulator, or reuses one already answering on the port. */
export async function startAuthEmulator(env, { persist }) {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (await isAuthEmulator(host).catch(() => false)) {
    console.log(`Reusing the Auth emulator already running at ${host}.`);
    return;
  }
  const port = Number(env.AUTH_EMULATOR_PORT);
  // A config of our own per data folder: its own ports, so a test run and a
  // local shop can each have an emulator at once.
  const config = join(env.LOCAL_DATA_DIR, "firebase.emulators.json");
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: port + 1 },
        logging: { host: "127.0.0.1", port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ["emulators:start", "--only", "auth", "--project", env.NEXT_PUBLIC_FIREBASE_PROJECT_ID, "--config", config];
  if (persist) {
    const dir = join(env.LOCAL_DATA_DIR, "auth-emulator");
    args.push("--import", dir, "--export-on-exit", dir);
  }
  startService("auth", "node_modules/.bin/firebase", args, env);
  await waitFor("the Auth emulator", () => isAuthEmulator(host), 90_000);
}

/**
 * Creates the local admin account (ADMIN_EMAILS' first address with
 * LOCAL_ADMIN_PASSWORD) through the emulator's REST API; an existing one is kept.
 */
export async function ensureLocalAdmin(env) {
  const email = env.ADMIN_EMAILS.split(",")[0].trim();
  const url = `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: env.LOCAL_ADMIN_PASSWORD, displayName: "Shop Admin", returnSecureToken: false }),
  });
  if (response.ok) {
    console.log(`Created the local admin account ${email}.`);
    return;
  }
  const body = await response.json().catch(() => ({}));
  if (body?.error?.message !== "EMAIL_EXISTS") {
    throw new Error(`Could not create the local admin account: ${JSON.stringify(body)}`);
  }
}
