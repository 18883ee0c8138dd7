// Makes the smaller copies of the shop's own images that pages offer in
// their srcset (lib/images/variants.ts): public/v/<width>/<folder>/<name>,
// one WebP per width listed in lib/images/variants.json. Runs before every
// build (npm run build, and the local and test launchers' builds), so a new
// image in public/products gets its variants with the next deploy. Existing
// variants newer than their source are kept; a source of the wrong size
// fails the build, because pages state each folder's size for layout.
// sharp is the encoder next/image itself uses.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const config = JSON.parse(readFileSync(join(root, "lib/images/variants.json"), "utf8"));

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};

export async function makeImageVariants({ log = console.log } = {}) {
  const outRoot = join(root, "public", config.folder);
  let made = 0;
  let kept = 0;
  const expected = new Set();
  for (const [folder, { width, height, variantWidths }] of Object.entries(config.sources)) {
    const sourceDir = join(root, "public", folder);
    const names = readdirSync(sourceDir).filter((name) => name.endsWith(".webp"));
    for (const name of names) {
      const source = join(sourceDir, name);
      const meta = await sharp(source).metadata();
      if (meta.width !== width || meta.height !== height) {
        throw new Error(
          `public/${folder}/${name} is ${meta.width}x${meta.height}; every image in public/${folder} must be ${width}x${height} (lib/images/variants.json)`,
        );
      }
      for (const variantWidth of variantWidths) {
        const target = join(outRoot, String(variantWidth), folder, name);
        expected.add(target);
        if (mtime(target) >= mtime(source)) {
          kept++;
          continue;
        }
        mkdirSync(dirname(target), { recursive: true });
        await sharp(source).resize({ width: variantWidth }).webp({ quality: 75 }).toFile(target);
        made++;
      }
    }
  }
  // Variants of sources that are gone would be served forever otherwise.
  let removed = 0;
  const sweep = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) sweep(path);
      else if (!expected.has(path)) {
        rmSync(path);
        removed++;
      }
    }
  };
  mkdirSync(outRoot, { recursive: true });
  sweep(outRoot);
  log(`Image variants: ${made} made, ${kept} current, ${removed} removed (public/${config.folder}).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  makeImageVariants().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
