// Every server log line goes through lib/log (one JSON line per event, no
// personal data: docs/ARCHITECTURE.md, "lib/, bottom up"). So server code
// never calls console: lib/, app/, proxy.ts, instrumentation*.ts and
// cache-handlers/ (lib/log itself writes to process.stdout), except the cache handlers' own line writer
// (cache-handlers/log-line.mjs, outside Next's bundles) and browser modules
// (a file starting with "use client", or in a lib/*/browser/ folder), whose
// console is the visitor's browser's. scripts/ and bench/ are tools a person
// runs at a terminal: their console is theirs.

/** The directive a source text starts with, after comments; or "". */
function leadingDirective(text) {
  const code = text.replace(/^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, "");
  return /^(["'])(use (?:client|server))\1/.exec(code)?.[2] ?? "";
}

const noServerConsole = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      console: "Server code logs through lib/log (`log.info/warn/error(kind, msg, …)`), not console (eslint/one-logger.mjs).",
    },
  },
  create(context) {
    if (leadingDirective(context.sourceCode.text) === "use client") return {};
    return {
      MemberExpression(node) {
        if (node.object.type === "Identifier" && node.object.name === "console") context.report({ node, messageId: "console" });
      },
    };
  },
};

/**
 * `log.error(kind, msg, err, fields)` takes the error third: an object
 * literal there is fields put in the error's place (they would be logged as
 * an error's message, not as fields).
 */
const errorThird = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      fields:
        "log.error takes the error third and fields fourth: log.error(kind, msg, error, { ...fields }) or (kind, msg, undefined, { ... }).",
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const { callee, arguments: args } = node;
        if (callee.type !== "MemberExpression" || callee.object.type !== "Identifier" || callee.object.name !== "log") return;
        if (callee.property.type === "Identifier" && callee.property.name === "error" && args[2]?.type === "ObjectExpression")
          context.report({ node: args[2], messageId: "fields" });
      },
    };
  },
};

const oneLogger = [
  {
    name: "one-logger",
    files: ["lib/**/*.{ts,tsx,mts,js,mjs}", "app/**/*.{ts,tsx}", "proxy.ts", "instrumentation*.ts", "cache-handlers/**/*.mjs"],
    ignores: ["lib/**/browser/**", "cache-handlers/log-line.mjs"],
    plugins: { "one-logger": { rules: { "no-server-console": noServerConsole, "error-third": errorThird } } },
    rules: { "one-logger/no-server-console": "error", "one-logger/error-third": "error" },
  },
];

export default oneLogger;
