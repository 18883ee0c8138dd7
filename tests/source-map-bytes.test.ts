import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bytesBySource, isFrameworkOrigin, originOf } from "../bench/lib/source-map-bytes.mjs";

// The bench's first-load JS profile (bench/js-origins.mjs) rests on this
// attribution: a wrong decoder would blame the wrong package.
describe("source map attribution", () => {
  // "aaaa\nbbcc": line 0 from x.js; line 1 from y.js for 2 characters, then x.js again.
  const code = "aaaa\nbbcc";

  it("counts each segment's characters up to the next segment, and the rest as the bundler's", () => {
    const bytes = bytesBySource(code, { sources: ["x.js", "y.js"], mappings: "AAAA;ACAA,EDAA" });
    assert.deepEqual(Object.fromEntries(bytes), { "x.js": 6, "y.js": 2, "(bundler)": 1 });
  });

  it("reads sectioned (index) maps at their offsets", () => {
    const bytes = bytesBySource(code, {
      sections: [
        { offset: { line: 0, column: 0 }, map: { sources: ["x.js"], mappings: "AAAA" } },
        { offset: { line: 1, column: 2 }, map: { sources: ["y.js"], mappings: "AAAA" } },
      ],
    });
    assert.deepEqual(Object.fromEntries(bytes), { "x.js": 4, "y.js": 2, "(bundler)": 3 });
  });

  it("names a package or the project's folder", () => {
    assert.equal(originOf("turbopack:///[project]/node_modules/embla-carousel/esm/embla-carousel.esm.js"), "embla-carousel");
    assert.equal(originOf("[project]/node_modules/@firebase/auth/dist/index.js"), "@firebase/auth");
    assert.equal(originOf("turbopack:///[project]/node_modules/.pnpm/x@1/node_modules/react-hot-toast/dist/index.mjs"), "react-hot-toast");
    assert.equal(originOf("turbopack:///[project]/components/cart/add-to-cart.tsx"), "components/cart");
    assert.equal(originOf("turbopack:///[project]/app/layout.tsx"), "app");
    assert.equal(originOf("(bundler)"), "(bundler)");
  });

  it("names the part of Next a source belongs to, and counts Next, React and the bundler as the framework", () => {
    assert.equal(
      originOf("turbopack:///[project]/node_modules/next/dist/compiled/react-dom/cjs/react-dom-client.production.js"),
      "next/compiled/react-dom",
    );
    assert.equal(originOf("turbopack:///[project]/node_modules/next/dist/client/app-dir/link.js"), "next/client");
    assert.equal(originOf("turbopack:///[project]/node_modules/next/src/shared/lib/router/utils.ts"), "next/shared");
    for (const origin of ["next/compiled/react-dom", "next/client", "[turbopack]", "(bundler)", "@swc/helpers"])
      assert.ok(isFrameworkOrigin(origin), origin);
    for (const origin of ["embla-carousel", "react-hot-toast", "components/cart", "lib/live"])
      assert.ok(!isFrameworkOrigin(origin), origin);
  });
});
