import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier/flat";
import browserBoundary from "./eslint/browser-boundary.mjs";
import libLayers from "./eslint/lib-layers.mjs";
import oneLogger from "./eslint/one-logger.mjs";
import scriptsBoundary from "./eslint/scripts-boundary.mjs";
import serverActions from "./eslint/server-actions.mjs";
import sizes from "./eslint/sizes.mjs";
import storeDoor from "./eslint/store-door.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...libLayers,
  ...browserBoundary,
  ...scriptsBoundary,
  ...serverActions,
  ...storeDoor,
  ...sizes,
  ...oneLogger,
  // Last: turns off the stylistic rules Prettier owns (its check runs in npm run lint).
  prettier,
  globalIgnores([
    ".bench-copy/**",
    ".bench-floor/**",
    ".next/**",
    ".next-*/**",
    ".data/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
