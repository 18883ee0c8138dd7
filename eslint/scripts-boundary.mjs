// The product's scripts stand on their own: nothing under
// scripts/ imports bench/. What both need lives in scripts/lib/, which the
// bench imports; the bench is free to change without touching a script.
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

const scriptsBoundary = [
  {
    name: "scripts-boundary",
    files: ["scripts/**/*.{ts,mts,js,mjs}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./scripts",
              from: "./bench",
              message: "scripts/ may not import bench/: move what both need into scripts/lib/ (eslint/scripts-boundary.mjs).",
            },
          ],
        },
      ],
    },
  },
];

export default scriptsBoundary;
