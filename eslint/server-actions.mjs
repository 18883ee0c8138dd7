// Server actions live in one place: a "use server" file is lib/<concern>/
// actions.ts or lib/<concern>/<what>-actions.ts, beside the core it calls.
// Pages import the admin's actions and pass them to their forms; client
// components and browser modules import the shopper's (lib may not import
// app/, so lib is the one folder both can reach).
const serverActions = [
  {
    name: "server-actions/only-in-lib-actions-files",
    files: ["**/*.{ts,tsx,mts,js,jsx,mjs}"],
    ignores: ["lib/**/actions.ts", "lib/**/*-actions.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program > ExpressionStatement[directive='use server']",
          message: 'A "use server" file is lib/<concern>/actions.ts or lib/<concern>/<what>-actions.ts (eslint/server-actions.mjs).',
        },
      ],
    },
  },
];

export default serverActions;
