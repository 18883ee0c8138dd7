// Section 11 of docs/BENCHMARKS.md: placing an order (issue 28, item 7).
// Starts its own Firestore emulator, then runs bench/place-order-measure.mts
// once per backend (SQLite first, for comparison, then Firestore on the
// emulator), each in a process of its own so each counter sees only its
// backend: per line count (1, 10, 50), `orders` orders are placed from carts
// filled through the store, store.placeOrder timed (p50, p95, max) and its
// reads and writes per order counted (bench/counting/).
// BENCH_PLACE_ORDERS (default 40) sets the orders per line count.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { startFirestoreEmulator } from "../scripts/lib/firestore-emulator.mjs";

/** Orders per line count. */
export const PLACE_ORDERS = Number(process.env.BENCH_PLACE_ORDERS ?? 40);

/** One backend's run of place-order-measure.mts: its rows, and how long it took. */
function measureOn(backend, env) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/place-order-measure.mts", backend, String(PLACE_ORDERS)],
    {
      env: { ...process.env, ...env },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 10 * 60_000,
    },
  );
  if (result.status !== 0)
    throw new Error(`place-order-measure.mts ${backend} failed (${result.status ?? result.signal}): ${result.stdout.slice(-2000)}`);
  const last = result.stdout.trim().split("\n").at(-1);
  return { ...JSON.parse(last), seconds: (Date.now() - started) / 1000 };
}

/** Both backends' figures, with the load average when each started. */
export async function placeOrderRun({ emulatorPort } = {}) {
  if (!(Number.isInteger(PLACE_ORDERS) && PLACE_ORDERS > 0)) throw new Error("BENCH_PLACE_ORDERS must be a positive whole number");
  const loadavg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ");
  const sqliteLoad = loadavg();
  console.log(`place order: load average ${sqliteLoad}`);
  const sqlite = { ...measureOn("sqlite", {}), loadavg: sqliteLoad };
  const emulator = await startFirestoreEmulator({ port: emulatorPort });
  try {
    const firestoreLoad = loadavg();
    console.log(`place order on the emulator (${emulator.host}): load average ${firestoreLoad}`);
    const firestore = {
      ...measureOn("firestore", { FIRESTORE_EMULATOR_HOST: emulator.host, STORE_BACKEND: "firestore" }),
      loadavg: firestoreLoad,
    };
    return { orders: PLACE_ORDERS, sqlite, firestore };
  } finally {
    await emulator.stop();
  }
}
