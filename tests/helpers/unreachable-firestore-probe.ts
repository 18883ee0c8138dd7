/**
 * Run as a child process by tests/firestore-unavailable.test.ts: a Firestore
 * store pointed at a port where nothing listens, with a short deadline. Prints
 * one JSON line (each call's error code and time) and exits at once:
 * firebase-admin keeps retrying the abandoned calls for minutes, and those
 * retries would hold a test process open that long.
 */
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { isStoreError } from "@/lib/data/contract/errors";
import { createFirestoreStore } from "@/lib/data/firestore/store";

const [host, deadline] = process.argv.slice(2);
process.env.FIRESTORE_EMULATOR_HOST = host;
const store = createFirestoreStore(getFirestore(initializeApp({ projectId: "demo-unreachable" }, "unreachable")), {
  deadlineMs: Number(deadline),
});

const calls: Record<string, () => Promise<unknown>> = {
  "a document read (getProduct)": () => store.getProduct("lamp"),
  "a query (listProducts)": () => store.listProducts(),
  "a plain write (addProduct)": () =>
    store.addProduct({
      name: "Lamp",
      images: [{ src: "/products/x.webp", alt: "A picture" }],
      priceCents: 500,
      details: "Bright.",
      type: "Book",
    }),
  "a transaction (addToLine)": () => store.addToLine("guest:nobody-answers", "lamp"),
  "a session check (isSessionRevoked)": () => store.isSessionRevoked("sid-1"),
};

async function attempt(what: string, call: () => Promise<unknown>) {
  const started = Date.now();
  try {
    await call();
    return { what, outcome: "resolved", ms: Date.now() - started };
  } catch (error) {
    const outcome = isStoreError(error) ? error.code : `untyped: ${String(error)}`;
    return { what, outcome, hasCause: isStoreError(error) && error.cause !== undefined, ms: Date.now() - started };
  }
}

void (async () => {
  // First and alone: the others' start-up (gRPC channels) would blur its time.
  const malformed = await attempt("a malformed id (getProduct)", () => store.getProduct("a/b"));
  const results = await Promise.all(Object.entries(calls).map(([what, call]) => attempt(what, call)));
  process.stdout.write(`${JSON.stringify([malformed, ...results])}\n`);
  process.exit(0);
})();
