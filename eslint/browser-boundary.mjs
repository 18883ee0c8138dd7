// The browser/server line, enforced (issue 11).
//
// 1. A component (components/**) may import only types, never values, from
//    lib/data, the storage layer: a value would drag the store's code (and
//    its drivers) toward the browser bundle, and components get their data
//    from the server parts that render them.
// 2. A browser module may not import a server module. A browser module is
//    any file that starts with "use client", and every file in a `browser`
//    folder under lib/ (lib/cart/browser, lib/auth/browser), which must also
//    start with `import "client-only"` so a server import of it fails the
//    build. A server module is a server-only package (server-only,
//    next/headers, firebase-admin, better-sqlite3, Node's built-ins),
//    anything under lib/data, or a file of ours that imports "server-only".
//    Type-only imports are fine (they are erased), and so are "use server"
//    files: what the browser gets from those is a reference to the server
//    action, not its code.
// 3. A lib module outside lib/data that imports a server module is a server
//    module itself and starts with import "server-only", so the build, not
//    only lint, refuses a browser import of it.
//
// Rules 2 and 3 are small local rules (below) because they must look inside
// the imported file; both resolve "@/..." to the repository root and relative
// paths to the importing file, as tsconfig.json does.
import { readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** lib/<anything>/browser/...: modules that run only in the browser. */
const BROWSER_FOLDER = /^lib\/(?:[^/]+\/)*browser\//;
const SERVER_PACKAGES = ["server-only", "next/headers", "firebase-admin", "better-sqlite3"];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"];

const repoPath = (file) => relative(root, file).split(sep).join("/");

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file an import of ours names ("@/x", "./x", "../x"), or null for a package. */
function resolveLocal(source, importer) {
  let base;
  if (source.startsWith("@/")) base = join(root, source.slice(2));
  else if (source.startsWith(".")) base = resolve(dirname(importer), source);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find(isFile) ?? null;
}

/** The directive a source text starts with ("use client", "use server"), after comments; or "". */
function leadingDirective(text) {
  const code = text.replace(/^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, "");
  return /^(["'])(use (?:client|server))\1/.exec(code)?.[2] ?? "";
}

const IMPORTS_SERVER_ONLY = /^\s*import\s+["']server-only["']/m;
/** path -> what the file says about itself; one read per file and lint run. */
const seen = new Map();

function describeFile(path) {
  if (!seen.has(path)) {
    const text = /\.(?:[cm]?[jt]sx?)$/.test(path) ? readFileSync(path, "utf8") : "";
    seen.set(path, { useServer: leadingDirective(text) === "use server", serverOnly: IMPORTS_SERVER_ONLY.test(text) });
  }
  return seen.get(path);
}

/** Why importing `source` from browser module `importer` crosses the line, or null when it does not. */
function serverReason(source, importer) {
  if (source.startsWith("node:") || builtinModules.includes(source)) return "a Node.js built-in";
  if (SERVER_PACKAGES.some((name) => source === name || source.startsWith(`${name}/`))) return "a server-only package";
  const target = resolveLocal(source, importer);
  if (!target) return null;
  const path = repoPath(target);
  if (path === "lib/data" || path.startsWith("lib/data/")) return "lib/data is the server's storage layer";
  const { useServer, serverOnly } = describeFile(target);
  if (useServer) return null;
  return serverOnly ? `${path} imports "server-only"` : null;
}

/** Whether an import or re-export brings in only types. */
function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

const noServerImport = {
  meta: {
    type: "problem",
    docs: { description: "Keeps server modules out of browser modules (eslint/browser-boundary.mjs)." },
    schema: [],
    messages: {
      serverImport:
        "{{kind}} may not import '{{source}}' ({{reason}}). Reach the server through a server action or a route, or import only its types (eslint/browser-boundary.mjs).",
      clientOnlyMissing:
        'A module in a browser folder must start with import "client-only", so that a server import of it fails the build (eslint/browser-boundary.mjs).',
    },
  },
  create(context) {
    const file = context.filename;
    const inBrowserFolder = BROWSER_FOLDER.test(repoPath(file));
    const body = context.sourceCode.ast.body;
    const useClient = body.some((statement) => statement.directive === "use client");
    if (!inBrowserFolder && !useClient) return {};
    const kind = useClient ? 'A "use client" module' : "A browser-folder module";

    const check = (node, source) => {
      if (typeof source !== "string") return;
      const reason = serverReason(source, file);
      if (reason) context.report({ node, messageId: "serverImport", data: { kind, source, reason } });
    };
    return {
      Program(program) {
        const first = program.body.find((statement) => !statement.directive);
        const marked = first?.type === "ImportDeclaration" && first.source.value === "client-only";
        if (inBrowserFolder && !marked) context.report({ node: first ?? program, messageId: "clientOnlyMissing" });
      },
      ImportDeclaration(node) {
        if (!typeOnly(node)) check(node, node.source.value);
      },
      "ExportNamedDeclaration, ExportAllDeclaration"(node) {
        if (node.source && !typeOnly(node)) check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source.value);
      },
    };
  },
};

/**
 * A lib module that imports a server module (a Node built-in, a server-only
 * package, a file that imports "server-only") is one itself, and says so:
 * it starts with import "server-only", so a browser import of it fails the
 * build too. lib/data is server by folder (rule 1 and no-server-import);
 * "use server" files are the browser's references to actions.
 */
const serverMarker = {
  meta: {
    type: "problem",
    docs: { description: 'Marks every server module of lib/ with import "server-only" (eslint/browser-boundary.mjs).' },
    schema: [],
    messages: {
      serverOnlyMissing:
        "This module imports '{{source}}' ({{reason}}), so it is a server module: add import \"server-only\" (eslint/browser-boundary.mjs).",
    },
  },
  create(context) {
    const file = context.filename;
    const path = repoPath(file);
    if (path.startsWith("lib/data/") || BROWSER_FOLDER.test(path)) return {};
    const body = context.sourceCode.ast.body;
    if (body.some((statement) => statement.directive === "use server" || statement.directive === "use client")) return {};
    if (body.some((statement) => statement.type === "ImportDeclaration" && statement.source.value === "server-only")) return {};
    let reported = false;
    const check = (node, source) => {
      if (reported || typeof source !== "string") return;
      const reason = serverReason(source, file);
      if (!reason || reason.startsWith("lib/data")) return;
      reported = true;
      context.report({ node, messageId: "serverOnlyMissing", data: { source, reason } });
    };
    return {
      ImportDeclaration(node) {
        if (!typeOnly(node)) check(node, node.source.value);
      },
      "ExportNamedDeclaration, ExportAllDeclaration"(node) {
        if (node.source && !typeOnly(node)) check(node, node.source.value);
      },
    };
  },
};

const browserBoundary = [
  {
    name: "browser-boundary/components-import-only-types-from-data",
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?:@/|(?:\\.{1,2}/)+)lib/data(?:/.*)?$",
              allowTypeImports: true,
              message:
                "Components may import only types from lib/data (import type { ... }): its values are the server's storage layer. Take the data as props from the server part that renders the component (eslint/browser-boundary.mjs).",
            },
          ],
        },
      ],
    },
  },
  {
    name: "browser-boundary/browser-modules",
    files: ["app/**/*.{ts,tsx,js,jsx,mjs}", "components/**/*.{ts,tsx,js,jsx,mjs}", "lib/**/*.{ts,tsx,js,jsx,mjs}"],
    plugins: { "browser-boundary": { rules: { "no-server-import": noServerImport } } },
    rules: { "browser-boundary/no-server-import": "error" },
  },
  {
    name: "browser-boundary/server-modules-marked",
    files: ["lib/**/*.{ts,tsx}"],
    plugins: { "browser-boundary-server": { rules: { "server-marker": serverMarker } } },
    rules: { "browser-boundary-server/server-marker": "error" },
  },
];

export default browserBoundary;
