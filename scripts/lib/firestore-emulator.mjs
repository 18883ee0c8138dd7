// The official Cloud Firestore emulator (Google Cloud CLI's
// google-cloud-cli-firestore-emulator package), started on a free loopback
// port for tests, benchmarks and the production-like local mode. It has
// Firestore's transaction and query semantics; it does not enforce composite
// indexes, TTL policies or quotas.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { freePort } from "./free-port.mjs";

const SDK_ROOTS = ["/usr/lib/google-cloud-sdk", "/usr/local/lib/google-cloud-sdk", "/opt/google-cloud-sdk"];
const LAUNCHER = join("platform", "cloud-firestore-emulator", "cloud_firestore_emulator");

export const HOW_TO_GET_IT =
  "The Cloud Firestore emulator is missing: install the Google Cloud CLI's google-cloud-cli-firestore-emulator package " +
  "(apt-get install google-cloud-cli-firestore-emulator, with Java 17), or set FIRESTORE_EMULATOR_BIN to its " +
  "cloud_firestore_emulator launcher, or start one yourself (firebase emulators:start --only firestore) and set FIRESTORE_EMULATOR_HOST.";

/** The emulator's launcher, or null when this machine has none. */
function findFirestoreEmulator(env = process.env) {
  if (env.FIRESTORE_EMULATOR_BIN) return existsSync(env.FIRESTORE_EMULATOR_BIN) ? env.FIRESTORE_EMULATOR_BIN : null;
  const roots = [...SDK_ROOTS];
  // A gcloud on PATH lives in <sdk>/bin.
  for (const dir of (env.PATH ?? "").split(delimiter)) if (dir.endsWith(`${"google-cloud-sdk"}/bin`)) roots.push(join(dir, ".."));
  return roots.map((root) => join(root, LAUNCHER)).find((path) => existsSync(path)) ?? null;
}

/** true when a Firestore emulator answers at host ("127.0.0.1:PORT"). */
export async function isFirestoreEmulator(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok && (await response.text()).trim() === "Ok";
  } catch {
    return false;
  }
}

/**
 * The JVM options of a short-lived emulator (a test run's): the quick compiler
 * only. Over a few minutes the optimizing compiler's work costs more CPU than
 * it saves: the Firestore store contract cost the emulator 22-23 CPU-seconds
 * with it and 9-11 without, in the same wall time (42-44 s); the e2e load, crash
 * and cart specs 25-26 and 11-12, in 127-129 and 124-125 s. Benchmarks and
 * the local shop measure and serve a long-running emulator, with the JVM's default.
 */
const SHORT_LIVED_JVM = "-XX:TieredStopAtLevel=1";

/**
 * Starts an emulator on a free port (or `port`) and resolves once it answers.
 * Returns { host, stop }. Throws HOW_TO_GET_IT when the emulator is missing.
 * The child is killed with this process too (it holds no data worth keeping).
 * `shortLived`: a test run's emulator (SHORT_LIVED_JVM).
 */
export async function startFirestoreEmulator({ port, log = false, timeoutMs = 60_000, shortLived = false } = {}) {
  const launcher = findFirestoreEmulator();
  if (!launcher) throw new Error(HOW_TO_GET_IT);
  const chosen = port ?? (await freePort());
  const host = `127.0.0.1:${chosen}`;
  // JDK_JAVA_OPTIONS reaches the java launcher the emulator's script runs, and no other tool; one set
  // already in the environment comes last, so it wins.
  const jvm = [shortLived && SHORT_LIVED_JVM, process.env.JDK_JAVA_OPTIONS].filter(Boolean).join(" ");
  const child = spawn(launcher, ["start", "--host=127.0.0.1", `--port=${chosen}`], {
    env: jvm ? { ...process.env, JDK_JAVA_OPTIONS: jvm } : process.env,
    stdio: ["ignore", log ? "inherit" : "ignore", log ? "inherit" : "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = signal ?? code;
  });
  const stop = () => {
    if (exited !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      try {
        // The launcher is a shell script that starts java: stop the whole group.
        process.kill(-child.pid, "SIGTERM");
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }, 5000).unref();
    });
  };
  process.once("exit", () => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The Firestore emulator exited (${exited}) before it answered:\n${stderr}`);
    if (await isFirestoreEmulator(host)) return { host, port: chosen, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`The Firestore emulator did not answer on ${host} within ${timeoutMs / 1000} s:\n${stderr}`);
}

/** Deletes every document of one project's default database (the emulator's reset endpoint). */
export async function clearFirestoreEmulator(host, projectId) {
  const url = `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: "DELETE" });
  if (!response.ok) throw new Error(`Could not clear the Firestore emulator (${response.status})`);
}
