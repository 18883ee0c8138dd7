/**
 * What an in-memory search index of the whole catalogue costs per instance at
 * 50,000 products, for three well-kept engines (minisearch, @orama/orama,
 * flexsearch): build time, heap it holds, serialized size (what a shared
 * "index per catalogue version" would store and every instance would load),
 * load time of that serialized form, and one query's time. The figures in
 * docs/BENCHMARKS.md "Search engine choice" come from here.
 *
 * The engines are not dependencies of the shop; install them in a scratch
 * folder and name it:
 *   mkdir /tmp/search-measure && cd /tmp/search-measure && npm init -y && npm install minisearch @orama/orama flexsearch
 *   node --expose-gc bench/search-engines.mjs /tmp/search-measure [count] [engine]
 * Run each engine in a process of its own (the third argument) for clean heap figures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [dir, countArg, only] = process.argv.slice(2);
if (!dir || typeof globalThis.gc !== "function") {
  console.error("usage: node --expose-gc bench/search-engines.mjs <folder with the engines installed> [count]");
  process.exit(2);
}
const COUNT = Number(countArg ?? 50_000);
const TYPES = ["Electronics", "Accessories", "Book", "Sport"];
const require = createRequire(join(dir, "package.json"));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
const version = (name) => JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")).version;

/** The catalogue bench/scale.mjs imports: the 48 demo products, then numbered copies. */
function catalogueOf(count) {
  const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
  const products = demo.slice(0, count).map(({ id, name, image, price, details, type }) => ({ id, name, image, price, details, type }));
  for (let i = products.length; i < count; i++) {
    const base = demo[i % demo.length];
    products.push({
      id: `scale-${i}`,
      name: `${base.name} No. ${i}`,
      image: base.image,
      price: base.price,
      details: base.details,
      type: TYPES[i % TYPES.length],
    });
  }
  return products.map((p, i) => ({ ...p, createdAt: 1_700_000_000_000 - i }));
}

const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const now = () => process.hrtime.bigint();
const QUERIES = ["headphnes", "watches", "Laptops", "ear buds"];

const engines = {
  async minisearch(products) {
    const { default: MiniSearch } = await load("minisearch");
    const options = { fields: ["name", "details"], storeFields: [], searchOptions: { boost: { name: 3 }, prefix: true, fuzzy: 0.2 } };
    const t = now();
    const index = new MiniSearch(options);
    index.addAll(products);
    const buildMs = ms(t);
    return {
      index,
      buildMs,
      serialize: () => JSON.stringify(index),
      deserialize: (text) => MiniSearch.loadJSON(text, options),
      query: (q) => index.search(q).length,
    };
  },
  async orama(products) {
    const { create, insertMultiple, search, save, load: loadIndex } = await load("@orama/orama");
    const schema = { name: "string", details: "string", type: "enum", createdAt: "number" };
    const t = now();
    const index = create({ schema });
    await insertMultiple(
      index,
      products.map(({ id, name, details, type, createdAt }) => ({ id, name, details, type, createdAt })),
      1000,
    );
    const buildMs = ms(t);
    return {
      index,
      buildMs,
      serialize: () => JSON.stringify(save(index)),
      deserialize: (text) => {
        const copy = create({ schema });
        loadIndex(copy, JSON.parse(text));
        return copy;
      },
      query: async (q) =>
        (await search(index, { term: q, properties: ["name", "details"], boost: { name: 3 }, tolerance: 1, limit: 48 })).count,
    };
  },
  async flexsearch(products) {
    const flexsearch = await load("flexsearch");
    const Document = flexsearch.Document ?? flexsearch.default.Document;
    const options = { tokenize: "forward", document: { id: "id", index: ["name", "details"] } };
    const t = now();
    const index = new Document(options);
    for (const p of products) index.add(p);
    const buildMs = ms(t);
    return {
      index,
      buildMs,
      serialize: async () => {
        const parts = {};
        await index.export((key, data) => {
          parts[key] = data;
        });
        return JSON.stringify(parts);
      },
      deserialize: (text) => {
        const copy = new Document(options);
        for (const [key, data] of Object.entries(JSON.parse(text))) copy.import(key, data);
        return copy;
      },
      query: (q) => index.search(q, { limit: 48, suggest: true }).reduce((n, field) => n + field.result.length, 0),
    };
  },
};

const products = catalogueOf(COUNT);
const base = heap();
console.log(`${COUNT} products; catalogue itself on the heap: ${(base / 1e6).toFixed(0)} MB (whole process heap)`);
for (const [name, make] of Object.entries(engines).filter(([name]) => !only || name === only)) {
  const before = heap();
  const engine = await make(products);
  const heapBytes = heap() - before;
  let t = now();
  const text = await engine.serialize();
  const serializeMs = ms(t);
  t = now();
  const copy = await engine.deserialize(text);
  const loadMs = ms(t);
  const found = {};
  t = now();
  for (const q of QUERIES) found[q] = await engine.query(q);
  const queryMs = ms(t) / QUERIES.length;
  console.log(
    JSON.stringify({
      engine: name,
      version: version(name === "orama" ? "@orama/orama" : name),
      buildMs: Math.round(engine.buildMs),
      heapMB: +(heapBytes / 1e6).toFixed(1),
      serializedMB: +(Buffer.byteLength(text) / 1e6).toFixed(1),
      serializeMs: Math.round(serializeMs),
      loadMs: Math.round(loadMs),
      queryMs: +queryMs.toFixed(1),
      found,
    }),
  );
  void copy;
}
