import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { describe, it } from "node:test";
import sharp from "sharp";
import config from "@/lib/images/variants.json";
import { ownImage } from "@/lib/images/variants";
import { makeImageVariants } from "../scripts/image-variants.mjs";

describe("image variants (lib/images/variants.ts)", () => {
  it("offers a product's 400 px copy and the 800 px source, smallest first", () => {
    assert.deepEqual(ownImage("/products/aurora-anc-headphones.webp"), {
      width: 800,
      height: 800,
      srcSet: "/v/400/products/aurora-anc-headphones.webp 400w, /products/aurora-anc-headphones.webp 800w",
    });
  });

  it("gives a category tile its source alone (no smaller copy is made)", () => {
    assert.deepEqual(ownImage("/categories/electronics-1.webp"), { width: 400, height: 400, srcSet: undefined });
  });

  it("leaves every other image to the optimizer or to the browser", () => {
    for (const src of [
      "https://cdn.example.com/products/x.webp",
      "/products/x.png",
      "/products/sub/x.webp",
      "/products/../secret.webp",
      "//evil.example/products/x.webp",
      "/uploads/x.webp",
    ]) {
      assert.equal(ownImage(src), null, src);
    }
  });

  it("has every variant the pages offer on disk after a build's generation step, at the stated width", async () => {
    await makeImageVariants({ log: () => {} });
    for (const [folder, source] of Object.entries(config.sources)) {
      for (const name of readdirSync(`public/${folder}`).filter((n) => n.endsWith(".webp"))) {
        const own = ownImage(`/${folder}/${name}`);
        assert.ok(own, `${folder}/${name} is one of the shop's own images`);
        for (const width of source.variantWidths) {
          const file = `public/${config.folder}/${width}/${folder}/${name}`;
          assert.ok(existsSync(file), file);
          assert.equal((await sharp(file).metadata()).width, width, file);
          assert.ok(own.srcSet?.includes(`/${config.folder}/${width}/${folder}/${name} ${width}w`));
        }
      }
    }
  });
});
