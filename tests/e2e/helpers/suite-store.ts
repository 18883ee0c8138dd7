/**
 * The suite's own store, read and written from outside the shop as another
 * process would (helpers/suite-store-process.ts, started on the first
 * request and kept for the worker's life): what a sale made elsewhere, an
 * order placed by another instance or a step taken on another desk looks
 * like to the shop under test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { shellEnv, suiteStoreEnv } from "./admin-cli";
import type { SuiteStoreMessage, SuiteStoreReply, SuiteStoreRequest } from "./suite-store-process";

/** How long one request may take: a Firestore transaction on a loaded emulator takes seconds, never this. */
const REQUEST_TIMEOUT_MS = 60_000;
/** The process's last lines of output, kept to say why a request failed. */
const KEPT_LINES = 40;

interface StoreProcess {
  child: ChildProcess;
  output: string[];
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

let current: StoreProcess | null = null;
let nextId = 1;

function failAll(store: StoreProcess, reason: string): void {
  for (const { reject } of store.waiting.values()) reject(new Error(`${reason}\n${store.output.join("\n")}`));
  store.waiting.clear();
}

async function storeProcess(): Promise<StoreProcess> {
  if (current) return current;
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/e2e/helpers/suite-store-process.ts"], {
    env: shellEnv(await suiteStoreEnv()),
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const started: StoreProcess = { child, output: [], waiting: new Map() };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      started.output.push(...chunk.trimEnd().split("\n"));
      started.output.splice(0, Math.max(0, started.output.length - KEPT_LINES));
    });
  }
  child.on("message", (reply: SuiteStoreReply) => {
    const waiter = started.waiting.get(reply.id);
    started.waiting.delete(reply.id);
    if ("error" in reply) waiter?.reject(new Error(`The suite's store refused: ${reply.error}`));
    else waiter?.resolve(reply.answer);
  });
  child.on("exit", (code, signal) => {
    if (current === started) current = null;
    failAll(started, `The suite's store process ended (${signal ?? `exit ${code}`}) before answering.`);
  });
  // Never keeps the worker alive: it ends with the worker (its IPC channel closes).
  child.unref();
  child.channel?.unref();
  current = started;
  return started;
}

/** Sends `request` to the suite's store process and resolves with its answer. */
export async function askSuiteStore(request: SuiteStoreRequest): Promise<unknown> {
  const store = await storeProcess();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      store.waiting.delete(id);
      // Stuck: the next request starts a fresh process.
      store.child.kill("SIGKILL");
      reject(
        new Error(`The suite's store did not answer ${request.command} in ${REQUEST_TIMEOUT_MS / 1000} s.\n${store.output.join("\n")}`),
      );
    }, REQUEST_TIMEOUT_MS);
    const settle =
      <T>(done: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        done(value);
      };
    store.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
    store.child.send({ id, request } satisfies SuiteStoreMessage);
  });
}
