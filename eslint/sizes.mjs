// Sizes, enforced: a file holds at most 300 lines and a function at most 80,
// in the product, bench/ and scripts/; tests are exempt (a spec reads top to
// bottom, one scenario after another).
//
// Every line counts, blank lines and comments too (skipBlankLines and
// skipComments off): a reader reads them all, so 300 lines are 300 lines to
// read whatever they hold.
//
// A file or function may pass a limit only as a named exception below, with
// its reason. An exception that nothing exceeds any more fails lint too
// ("stale"), so the list is always the list of what is over. The two rules
// are ESLint's own max-lines and max-lines-per-function, wrapped only to drop
// the report an exception names (ESLint exports its rules to plugins from
// eslint/use-at-your-own-risk).
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { builtinRules } from "eslint/use-at-your-own-risk";

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;

const ADAPTER_FACTORY = "an adapter's factory composes its concern's methods in one closure, the accepted shape of Auth.js-style adapters";

/**
 * What may pass a limit, and why. `function` is the function's name, or
 * null for the file's own length; a function's exception covers the
 * anonymous functions inside it.
 */
const SIZE_EXCEPTIONS = [
  { file: "lib/data/sqlite/carts.ts", function: "sqliteCarts", reason: ADAPTER_FACTORY },
  { file: "lib/data/sqlite/catalog.ts", function: "sqliteCatalog", reason: ADAPTER_FACTORY },
  { file: "lib/data/sqlite/orders.ts", function: "sqliteOrders", reason: ADAPTER_FACTORY },
  { file: "lib/data/firestore/carts.ts", function: "firestoreCarts", reason: ADAPTER_FACTORY },
  { file: "lib/data/firestore/catalog.ts", function: "firestoreCatalog", reason: ADAPTER_FACTORY },
  { file: "lib/data/firestore/catalog-pages.ts", function: "firestoreCatalogPages", reason: ADAPTER_FACTORY },
  { file: "lib/data/firestore/orders.ts", function: "firestoreOrders", reason: ADAPTER_FACTORY },
];

const root = fileURLToPath(new URL("..", import.meta.url));
const repoPath = (file) => relative(root, file).split(sep).join("/");

// An exception of a file that is gone can never be reported stale: it fails the config instead.
for (const { file } of SIZE_EXCEPTIONS) {
  if (!existsSync(join(root, file))) throw new Error(`eslint/sizes.mjs: an exception names ${file}, which does not exist.`);
}

/** The name a function is known by: its own, or the variable, property or method that holds it; null when it has none. */
function ownName(node) {
  if (node.id) return node.id.name;
  const holder = node.parent;
  if (holder?.type === "VariableDeclarator" && holder.id.type === "Identifier") return holder.id.name;
  if ((holder?.type === "Property" || holder?.type === "MethodDefinition") && holder.key.type === "Identifier") return holder.key.name;
  return null;
}

/**
 * The name an exception gives a reported function (or the method holding
 * it): its own, or an anonymous function's nearest named holder's.
 */
function functionName(reported) {
  const node = reported.type === "MethodDefinition" || reported.type === "Property" ? reported.value : reported;
  for (let at = node; at; at = at.parent) {
    const isFunction = at.type === "FunctionDeclaration" || at.type === "FunctionExpression" || at.type === "ArrowFunctionExpression";
    const name = isFunction ? ownName(at) : null;
    if (name) return name;
  }
  return null;
}

/**
 * ESLint's rule `name`, less the reports an exception of the linted file
 * names; an exception of that file that stopped matching is reported as stale.
 * `nameOf(report)` says which exception a report would match (null: the file's).
 */
function withExceptions(name, nameOf) {
  const rule = builtinRules.get(name);
  return {
    meta: {
      ...rule.meta,
      messages: { ...rule.meta.messages, stale: "{{what}} is within its limit now: remove its exception from eslint/sizes.mjs." },
    },
    create(context) {
      const path = repoPath(context.filename);
      const excepted = SIZE_EXCEPTIONS.filter(
        (exception) => exception.file === path && (exception.function === null) === (name === "max-lines"),
      );
      const used = new Set();
      const filtered = Object.create(context, {
        report: {
          value(report) {
            const exception = excepted.find((candidate) => candidate.function === nameOf(report));
            if (exception) used.add(exception);
            else context.report(report);
          },
        },
      });
      const listeners = rule.create(filtered);
      return {
        ...listeners,
        "Program:exit"(node) {
          listeners["Program:exit"]?.(node);
          for (const exception of excepted.filter((candidate) => !used.has(candidate))) {
            context.report({ node, messageId: "stale", data: { what: exception.function ?? path } });
          }
        },
      };
    },
  };
}

const sizes = [
  {
    name: "sizes",
    files: ["{app,components,lib,cache-handlers,bench,scripts}/**/*.{ts,tsx,mts,js,jsx,mjs}", "proxy.ts", "instrumentation*.ts"],
    ignores: ["tests/**", "**/*.test.ts"],
    plugins: {
      sizes: {
        rules: {
          "max-lines": withExceptions("max-lines", () => null),
          "max-lines-per-function": withExceptions("max-lines-per-function", (report) => functionName(report.node)),
        },
      },
    },
    rules: {
      "sizes/max-lines": ["error", { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
      "sizes/max-lines-per-function": ["error", { max: MAX_FUNCTION_LINES, skipBlankLines: false, skipComments: false }],
    },
  },
];

export default sizes;
