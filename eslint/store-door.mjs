// The validation door (lib/data/validating-store.ts), enforced.
//
// A bare adapter trusts its arguments, so only its backend's store.ts (which
// puts it behind the door) may import it; the one exception is the test of
// the Firestore adapter's own path rule, which must reach it bare.
const storeDoor = [
  {
    name: "store-door",
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: ["lib/data/sqlite/store.ts", "lib/data/firestore/store.ts", "tests/firestore-paths.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/sqlite/adapter", "**/firestore/adapter", "./adapter"],
              message:
                "A bare store adapter skips the validation door: open a store through lib/data/<backend>/store.ts or getStore() (eslint/store-door.mjs).",
            },
          ],
        },
      ],
    },
  },
];

export default storeDoor;
