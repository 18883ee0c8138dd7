/**
 * Calls the shop's server actions over HTTP without a browser, exactly as the
 * browser does: a POST to a page with a `Next-Action` header, the arguments
 * encoded by React's own encodeReply, the answer decoded by React's own
 * Flight client (both from the Next.js install, so the wire format is never
 * re-implemented here). Specs that drive actions at volume (load, crash,
 * fuzz) use this; everything else clicks through the UI.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { distDir as suiteDistDir } from "../support";

/** The parts of react-server-dom's Flight client we use (Next ships it untyped). */
interface FlightClient {
  encodeReply(value: unknown[]): Promise<string | FormData>;
  createFromReadableStream(stream: ReadableStream<Uint8Array>, options: { serverConsumerManifest: unknown }): Promise<unknown>;
}

const load = createRequire(join(process.cwd(), "package.json"));
const flight = load("next/dist/compiled/react-server-dom-turbopack/client.edge.js") as FlightClient;

// An action that sets a cookie (a guest's first add) also answers with the
// re-rendered page, which names client components. We only read the result,
// so every client reference resolves to an empty module that is never loaded.
const anyModule = new Proxy(
  {},
  { get: (_, id) => new Proxy({}, { get: (__, name) => ({ id: String(id), chunks: [], name: String(name) }) }) },
);
const serverConsumerManifest = { moduleMap: anyModule, serverModuleMap: null, moduleLoading: null };

interface ServerReference {
  id: string;
  exportedName: string;
  filename: string;
}

/** Every server reference the build registered (actions and 'use cache' functions alike). */
function serverReferences(distDir = suiteDistDir): ServerReference[] {
  const manifest = JSON.parse(readFileSync(join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName: string; filename: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => ({ id, exportedName: entry.exportedName, filename: entry.filename }));
}

/** The id of the action exported as `exportedName` from `filename` (e.g. "lib/cart/actions.ts"). */
export function actionId(filename: string, exportedName: string, distDir?: string): string {
  const found = serverReferences(distDir).find((r) => r.filename === filename && r.exportedName === exportedName);
  if (!found)
    throw new Error(`No server action ${exportedName} in ${filename}: was the shop built into ${distDir ?? "the e2e build folder"}?`);
  return found.id;
}

/** A shopper's cookies across calls: what the server set is sent back, as a browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  entries(): Array<[string, string]> {
    return [...this.cookies];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
}

interface ActionCall {
  baseURL: string;
  id: string;
  /** Encoded with React's encodeReply, as the browser does. Ignored when `body` is given. */
  args?: unknown[];
  /** A raw request body, for malformed calls. */
  body?: string | FormData | Blob;
  contentType?: string;
  /** The page the call is posted to (the browser posts to the page it is on). */
  path?: string;
  jar?: CookieJar;
  /** The Origin header; null sends none. Defaults to the shop's own origin. */
  origin?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the call (default: the global fetch); tests/e2e/helpers/from-address.ts sends it from another client address. */
  fetch?: (url: URL, init: RequestInit) => Promise<Response>;
}

export interface ActionAnswer<T> {
  status: number;
  headers: Headers;
  /** The action's return value, when the server answered with one. */
  result?: T;
  /** The raw body, when it was not a Flight answer (errors, redirects). */
  text?: string;
}

export async function callAction<T = unknown>(call: ActionCall): Promise<ActionAnswer<T>> {
  const body = call.body ?? (await flight.encodeReply(call.args ?? []));
  const headers: Record<string, string> = { Accept: "text/x-component", "Next-Action": call.id, ...call.headers };
  // FormData sets its own multipart boundary; strings are sent as the browser sends them.
  if (call.contentType) headers["Content-Type"] = call.contentType;
  else if (typeof body === "string") headers["Content-Type"] = "text/plain;charset=UTF-8";
  const origin = call.origin === undefined ? new URL(call.baseURL).origin : call.origin;
  if (origin !== null) headers.Origin = origin;
  const cookie = call.jar?.header();
  if (cookie) headers.Cookie = cookie;

  const send = call.fetch ?? fetch;
  const response = await send(new URL(call.path ?? "/", call.baseURL), {
    method: "POST",
    headers,
    body,
    redirect: "manual",
    signal: call.signal,
  });
  call.jar?.store(response.headers);
  const isFlight = response.status === 200 && (response.headers.get("content-type") ?? "").startsWith("text/x-component");
  if (!isFlight || !response.body) return { status: response.status, headers: response.headers, text: await response.text() };
  const root = (await flight.createFromReadableStream(response.body, { serverConsumerManifest })) as { a?: Promise<T> };
  return { status: response.status, headers: response.headers, result: await root.a };
}
