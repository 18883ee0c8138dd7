// The framework's own first-load JavaScript: an empty App Router page (one
// root layout, one page with a heading, no client component) built with the
// very next, react and bundler this project installs, started and measured
// exactly as the shop's routes are. It is the floor under every route of any
// app on this stack, so the report can say how much of a route's JavaScript
// is the shop's own and whether a budget is reachable at all.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { firstLoadJs } from "./first-load-js.mjs";

const FLOOR_PORT = 3702;
// The page of the throughput floor (bench/floor-throughput.mjs) carries this
// many characters of plain text, so its HTML weighs what home's does.
const PADDING_WORD = "floor ";
// Ignored by git, lint and tsc. The app is a project of its own: Turbopack's
// root is its folder, and its node_modules is a hard-linked copy of the
// repository's (the same next, react and react-dom; symlinks break
// Turbopack). Built as a plain folder of the repository instead, Next takes
// the repository's proxy.ts and instrumentation.ts into the "empty" app.
const APP_DIR = ".bench-floor";
const NEXT = join(APP_DIR, "node_modules/next/dist/bin/next");

/**
 * The page's text: `padding` characters of PADDING_WORD; `wide` puts one
 * character beyond Latin-1 first, which makes V8 hold the whole page as a
 * two-byte string (floor-throughput.mjs measures what that costs).
 */
const textOf = (padding, wide) => {
  const text = PADDING_WORD.repeat(Math.ceil(padding / PADDING_WORD.length)).slice(0, padding);
  return wide ? `\u2192${text.slice(1)}` : text;
};

/**
 * The path of the page `dynamicPage` adds: rendered on every request (it awaits
 * `connection()`), so one request to it runs Next's render, and with it Next's
 * AsyncLocalStorage, in the process (floor-throughput.mjs's context rounds).
 */
export const RENDERED_ON_REQUEST_PATH = "/rendered-on-request";

const RENDERED_ON_REQUEST_PAGE = `import { connection } from "next/server";
import { Suspense } from "react";

async function Now() {
  await connection();
  return <p>{Date.now()}</p>;
}

export default function Page() {
  return (
    <Suspense fallback={<p>Now</p>}>
      <Now />
    </Suspense>
  );
}
`;

const filesOf = (padding = 0, wide = false, dynamicPage = false) => ({
  "app/layout.jsx": `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.jsx":
    padding > 0
      ? `export default function Page() {
  return (
    <main>
      <h1>Hello</h1>
      <p>${textOf(padding, wide)}</p>
    </main>
  );
}
`
      : `export default function Page() {
  return <h1>Hello</h1>;
}
`,
  // The shop's own next.config.ts switches on cacheComponents; the empty app
  // gets the same, so the runtime it ships is the same.
  ...(dynamicPage && { [`app${RENDERED_ON_REQUEST_PATH}/page.jsx`]: RENDERED_ON_REQUEST_PAGE }),
  "next.config.mjs": `export default { cacheComponents: true, poweredByHeader: false, turbopack: { root: ${JSON.stringify(resolve(APP_DIR))} } };
`,
});

function runNext(args, { onOutput, env = {} } = {}) {
  const child = spawn(process.execPath, [NEXT, ...args], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk) => {
    output += chunk;
    onOutput?.(output);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return { child, output: () => output };
}

async function build(bundler) {
  const { child, output } = runNext(["build", APP_DIR, ...(bundler === "webpack" ? ["--webpack"] : [])]);
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`building the empty app failed (${code}):\n${output()}`);
}

async function serve(port = FLOOR_PORT, env = {}) {
  let ready;
  const started = new Promise((resolve) => (ready = resolve));
  const server = runNext(["start", APP_DIR, "--port", String(port)], {
    env,
    onOutput: (text) => text.includes("Ready") && ready(),
  });
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  await Promise.race([
    started,
    exited.then((code) => {
      throw new Error(`the empty app exited (${code}) before it was ready:\n${server.output()}`);
    }),
  ]);
  return {
    baseURL: `http://localhost:${port}`,
    pid: server.child.pid,
    output: server.output,
    stop: async () => {
      process.kill(-server.child.pid, "SIGTERM");
      await exited;
    },
  };
}

/**
 * First-load JS of the empty page, the same row shape as firstLoadJs's.
 * `bundler` "webpack" builds it with `next build --webpack` instead of
 * Turbopack (Next 16's default, the shop's): the issue asks which floor is
 * smaller.
 */
export async function frameworkFloor({ bundler = "turbopack" } = {}) {
  try {
    await buildEmptyApp({ bundler });
    const server = await serve();
    try {
      const [row] = await firstLoadJs(server.baseURL, [{ label: `empty App Router page (${bundler})`, path: "/" }]);
      return { ...row, bundler };
    } finally {
      await server.stop();
    }
  } finally {
    removeEmptyApp();
  }
}

/**
 * Writes and builds the empty app, its page carrying `padding` characters of
 * text (0: the bare heading), the first one beyond Latin-1 when `wide`, and
 * a second page rendered on request when `dynamicPage`.
 */
export async function buildEmptyApp({ bundler = "turbopack", padding = 0, wide = false, dynamicPage = false } = {}) {
  for (const made of ["app", ".next"]) rmSync(join(APP_DIR, made), { recursive: true, force: true });
  mkdirSync(APP_DIR, { recursive: true });
  if (!existsSync(join(APP_DIR, "node_modules"))) {
    const copy = spawnSync("cp", ["-al", "node_modules", join(APP_DIR, "node_modules")], { encoding: "utf8" });
    if (copy.status !== 0) throw new Error(`could not hard-link node_modules into ${APP_DIR}: ${copy.stderr}`);
  }
  for (const [file, text] of Object.entries(filesOf(padding, wide, dynamicPage))) {
    mkdirSync(join(APP_DIR, file, ".."), { recursive: true });
    writeFileSync(join(APP_DIR, file), text);
  }
  await build(bundler);
}

/** `next start` of the empty app built last, on `port`, with `env` added: { baseURL, pid, output(), stop() }. */
export const serveEmptyApp = (port, env) => serve(port, env);

export const removeEmptyApp = () => rmSync(APP_DIR, { recursive: true, force: true });
