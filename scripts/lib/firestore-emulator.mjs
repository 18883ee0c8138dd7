// The official Cloud Firestore emulator (Google Cloud CLI's
// google-cloud-cli-firestore-emulator package), started on a free loopback
// port for tests, benchmarks and the production-like local mode. It has
// Firestore's transaction and query semantics; it does not enforce composite
// indexes, TTL policies or quotas.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { delimiter, join } from "node:path";

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

/** A port nothing listens on right now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
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
 * Starts an emulator on a free port (or `port`) and resolves once it answers.
 * Returns { host, stop }. Throws HOW_TO_GET_IT when the emulator is missing.
 * The child is killed with this process too (it holds no data worth keeping).
 */
export async function startFirestoreEmulator({ port, log = false, timeoutMs = 60_000 } = {}) {
  const launcher = findFirestoreEmulator();
  if (!launcher) throw new Error(HOW_TO_GET_IT);
  const chosen = port ?? (await freePort());
  const host = `127.0.0.1:${chosen}`;
  const child = spawn(launcher, ["start", "--host=127.0.0.1", `--port=${chosen}`], {
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
