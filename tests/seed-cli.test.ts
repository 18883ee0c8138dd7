import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Product } from "@/lib/data/contract/catalog";

const dir = mkdtempSync(join(tmpdir(), "seed-cli-"));
let n = 0;
const freshDb = () => join(dir, `seed-${++n}.db`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/seed.ts as `npm run seed` does, against the SQLite file at `dbPath`. */
function seed(dbPath: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, SQLITE_PATH: dbPath, STORE_BACKEND: "sqlite" };
  // Nothing from the caller's shell may steer the child elsewhere.
  delete env.VERCEL;
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", join("scripts", "seed.ts"), ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The products in the SQLite file, read through the real adapter (which is closed again). */
async function productsIn(dbPath: string): Promise<Product[]> {
  const store = openSqliteStore(dbPath);
  try {
    return await store.listProducts();
  } finally {
    await store.close();
  }
}

const show = (run: Run) => `exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;

describe("npm run seed (scripts/seed.ts)", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the 48 demo products and exits 0", async () => {
    const db = freshDb();
    const run = await seed(db);
    assert.equal(run.code, 0, show(run));
    assert.match(run.stdout, /Wrote 48 products to the sqlite store; rejected 0\./);
    const products = await productsIn(db);
    assert.equal(products.length, 48);
    assert.ok(products.some((p) => p.id === "aurora-anc-headphones"));
  });

  it("still holds 48 products after seeding twice", async () => {
    const db = freshDb();
    const first = await seed(db);
    assert.equal(first.code, 0, show(first));
    const before = await productsIn(db);
    const second = await seed(db);
    assert.equal(second.code, 0, show(second));
    const afterwards = await productsIn(db);
    assert.equal(afterwards.length, 48);
    assert.deepEqual(afterwards, before, "a re-seed changes no row and no order");
  });

  it("writes nothing with --if-empty when the store already has products", async () => {
    const db = freshDb();
    const store = openSqliteStore(db);
    const existing: Product = {
      id: "operator-own",
      name: "Operator's own product",
      images: [{ src: "/products/operator-own.webp", alt: "A picture" }],
      priceCents: 500,
      details: "Added by the operator. Not part of the demo.",
      type: "Book",
      createdAt: 1,
    };
    try {
      await store.upsertProducts([existing]);
    } finally {
      await store.close();
    }
    const run = await seed(db, "--if-empty");
    assert.equal(run.code, 0, show(run));
    assert.match(run.stdout, /already has products; nothing seeded/);
    assert.deepEqual(await productsIn(db), [existing]);
  });

  it("imports the good records of a JSON file, reports each bad one by position, and exits 1", async () => {
    const db = freshDb();
    const file = join(dir, "import-mixed.json");
    writeFileSync(
      file,
      JSON.stringify([
        { id: "good-one", name: "Good One", price: 12.5, image: "/products/good-one.webp", details: "Fine. Really.", type: "Sport" },
        { id: "bad-price", name: "Bad Price", price: "free", image: "/products/x.webp", details: "No. Price.", type: "Sport" },
        {
          productName: "Good Legacy",
          productPrize: "30",
          productImage: "https://cdn.example.com/g.webp",
          productDetails: "Old. Shop.",
          productType: "Book",
        },
        { id: "bad-type", name: "Bad Type", price: 3, image: "/products/y.webp", details: "Wrong. Type.", type: "Furniture" },
      ]),
    );
    const run = await seed(db, file);
    assert.equal(run.code, 1, show(run));
    assert.match(run.stderr, /^rejected record 2: .*price/im);
    assert.match(run.stderr, /^rejected record 4: .*type/im);
    assert.doesNotMatch(run.stderr, /rejected record [13]:/);
    assert.match(run.stdout, /Wrote 2 products to the sqlite store; rejected 2\./);
    const products = await productsIn(db);
    assert.deepEqual(products.map((p) => p.name).sort(), ["Good Legacy", "Good One"]);
    assert.equal(products.find((p) => p.name === "Good Legacy")?.priceCents, 3000);
  });

  it("exits 2 and writes nothing for a file that is not valid JSON", async () => {
    const db = freshDb();
    const file = join(dir, "broken.json");
    writeFileSync(file, '[{"id": "half-written", ');
    const run = await seed(db, file);
    assert.equal(run.code, 2, show(run));
    assert.match(run.stderr, /Cannot read .*broken\.json/);
    assert.deepEqual(await productsIn(db), []);
  });

  it("exits 2 and writes nothing for a file that does not exist", async () => {
    const db = freshDb();
    const run = await seed(db, join(dir, "missing.json"));
    assert.equal(run.code, 2, show(run));
    assert.match(run.stderr, /Cannot read .*missing\.json/);
    assert.deepEqual(await productsIn(db), []);
  });

  it("exits 2 with usage and writes nothing for an unknown flag", async () => {
    const db = freshDb();
    const run = await seed(db, "--force");
    assert.equal(run.code, 2, show(run));
    assert.match(run.stderr, /usage: npm run seed/);
    assert.deepEqual(await productsIn(db), []);
  });
});
