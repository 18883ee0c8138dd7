/**
 * `npm run doctor -- --explain` (lib/data/firestore/query-explain.ts,
 * lib/ops/query-explain-verdicts.ts). Query Explain needs a real project:
 * here each shape's sample query runs on the emulator (so every shape
 * derives a query Firestore accepts, with a sample for each equality
 * field), and the verdicts are read from Explain answers written in the
 * form Firestore documents (indexesUsed as query_scope and properties,
 * executionStats with readOperations).
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Query } from "firebase-admin/firestore";
import {
  declaredIndexOf,
  EXPLAIN_LIMIT,
  explainQueryShapes,
  isDeclaredIndex,
  sampleQueryOf,
  type ExplainQuery,
} from "@/lib/data/firestore/query-explain";
import { COMPOSITE_QUERY_SHAPES } from "@/lib/data/firestore/query-shapes";
import { describeVerdict, runDoctor, type DoctorProbes } from "@/lib/ops/doctor";
import { explainVerdicts } from "@/lib/ops/query-explain-verdicts";

/**
 * The index a project with every declared index reports for each shape, in
 * order, as Firestore's Query Explain reference writes indexes_used'
 * properties ("(age ASC, __name__ ASC)"): `__name__` last even where
 * firestore.indexes.json leaves it out (the outbox's), and an array field
 * with a word of its own. Written out, not derived, so a wrong declared
 * form fails here.
 */
const REPORTED = [
  "(createdAt DESC, __name__ ASC)",
  "(productType ASC, createdAt DESC, __name__ ASC)",
  "(searchKeys array-contains, createdAt DESC, __name__ ASC)",
  "(productType ASC, searchKeys array-contains, createdAt DESC, __name__ ASC)",
  "(productType ASC, priceCents ASC, __name__ ASC)",
  "(productType ASC, priceCents DESC, __name__ ASC)",
  "(productType ASC, nameKey ASC, __name__ ASC)",
  "(placedAt DESC, __name__ ASC)",
  "(fulfilment ASC, placedAt DESC, __name__ ASC)",
  "(payment ASC, placedAt DESC, __name__ ASC)",
  "(returnState ASC, placedAt DESC, __name__ ASC)",
  "(emailKey ASC, placedAt DESC, __name__ ASC)",
  "(uid ASC, placedAt DESC, __name__ ASC)",
  "(state ASC, dueAt ASC, __name__ ASC)",
  "(productType ASC, createdAt DESC, priceCents ASC, __name__ ASC)",
  "(productType ASC, inStock ASC, createdAt DESC, __name__ ASC)",
  "(productType ASC, inStock ASC, createdAt DESC, priceCents ASC, __name__ ASC)",
  "(productType ASC, inStock ASC, priceCents ASC, __name__ ASC)",
  "(productType ASC, inStock ASC, priceCents DESC, __name__ ASC)",
  "(productType ASC, nameKey ASC, priceCents ASC, __name__ ASC)",
  "(productType ASC, inStock ASC, nameKey ASC, __name__ ASC)",
  "(productType ASC, inStock ASC, nameKey ASC, priceCents ASC, __name__ ASC)",
];

/** An Explain answer in the Node client's form (ExplainMetrics), with the documented fields. */
function answer(properties: string) {
  return {
    metrics: {
      planSummary: { indexesUsed: [{ query_scope: "Collection", properties }] },
      executionStats: {
        resultsReturned: 20,
        executionDuration: { seconds: 0, nanoseconds: 14_250_000 },
        readOperations: 20,
        debugStats: { index_entries_scanned: "20", documents_scanned: "20" },
      },
    } as unknown as Awaited<ReturnType<Query["explain"]>>["metrics"],
  };
}

/** Answers the shapes in order with REPORTED; `failing` ones are refused, `otherIndex` ones served by the id index alone. */
function reportedExplain(failing: Set<number> = new Set(), otherIndex: Set<number> = new Set()): ExplainQuery {
  let index = -1;
  return async () => {
    index += 1;
    if (failing.has(index)) throw new Error("9 FAILED_PRECONDITION: The query requires an index.");
    return answer(otherIndex.has(index) ? "(__name__ ASC)" : REPORTED[index]);
  };
}

describe("Query Explain for the doctor", () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    it("needs the emulator", () => assert.fail("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts it"));
    return;
  }
  const db = getFirestore(initializeApp({ projectId: `demo-explain-${Date.now().toString(36)}` }, "query-explain"));
  after(() => db.terminate());

  it("derives a query from every shape's index, with a sample for each equality, that Firestore runs, a page at most", async () => {
    await db
      .collection("products")
      .doc("p1")
      .set({ productType: "Electronics", createdAt: new Date(), searchKeys: ["phone"], inStock: true, priceCents: 100, nameKey: "p" });
    for (const shape of COMPOSITE_QUERY_SHAPES) {
      const snapshot = await sampleQueryOf(db, shape).get();
      assert.ok(snapshot.size <= EXPLAIN_LIMIT, shape.query);
    }
    const category = COMPOSITE_QUERY_SHAPES.find((shape) => shape.query.startsWith("the newest of one type"))!;
    assert.equal((await sampleQueryOf(db, category).get()).size, 1, "the sample type is one the shop writes");
    assert.equal(declaredIndexOf(category), "(productType ASC, createdAt DESC, __name__ ASC)");
    for (const shape of COMPOSITE_QUERY_SHAPES.filter((s) => s.query.startsWith("a type's listing filtered"))) {
      assert.equal((await sampleQueryOf(db, shape).get()).size, 1, `${shape.query}: the sample (in stock, orders) finds the product`);
    }
  });

  it("finds every shape served by its declared index when the project reports them so", async () => {
    assert.equal(REPORTED.length, COMPOSITE_QUERY_SHAPES.length, "one reported index per shape");
    const verdicts = await explainVerdicts(async () => explainQueryShapes(db, reportedExplain()), { storeAnswered: true, emulated: false });
    assert.deepEqual(
      verdicts.filter((v) => !("ok" in v) || !v.ok),
      [],
    );
    assert.equal(
      isDeclaredIndex("(state ASC, dueAt ASC, __name__ ASC)", "(state ASC, dueAt DESC, __name__ ASC)"),
      false,
      "a direction differs",
    );
    assert.equal(isDeclaredIndex("(uid ASC, placedAt DESC, __name__ ASC)", "(uid ASC, __name__ ASC)"), false, "a field is missing");
  });

  it("says, per shape, the index the project chose and what it read; a refused query and another index are problems", async () => {
    const explained = await explainQueryShapes(db, reportedExplain(new Set([2]), new Set([4])));
    assert.equal(explained.length, COMPOSITE_QUERY_SHAPES.length);
    const verdicts = await explainVerdicts(async () => explained, { storeAnswered: true, emulated: false });
    const lines = verdicts.map(describeVerdict);
    assert.equal(lines.length, COMPOSITE_QUERY_SHAPES.length);
    assert.match(
      lines[1],
      /^✔ Query Explain: the newest of one type .*: the declared index \(productType ASC, createdAt DESC, __name__ ASC\); read 20 documents for 20 results in 14\.3 ms$/,
    );
    assert.match(
      lines[2],
      /^✘ Query Explain: a search \(search pages\).*: not explained \(9 FAILED_PRECONDITION: The query requires an index\.\); its declared index is \(searchKeys CONTAINS, createdAt DESC, __name__ ASC\)$/,
    );
    assert.match(
      lines[4],
      /^✘ Query Explain: more like this, at or above .*: the backend chose \(__name__ ASC\), not the declared \(productType ASC, priceCents ASC, __name__ ASC\)/,
    );
    assert.equal(lines.filter((line) => line.startsWith("✘")).length, 2);
  });

  it("is asked of a real project only: skipped on the emulator and when Firestore did not answer; a failure to run it is a problem", async () => {
    const never = () => assert.fail("Query Explain was run");
    assert.deepEqual(await explainVerdicts(never, { storeAnswered: true, emulated: true }), [
      { check: "Query Explain", skipped: "the emulator cannot run Query Explain: run it against the project" },
    ]);
    assert.deepEqual(await explainVerdicts(never, { storeAnswered: false, emulated: false }), [
      { check: "Query Explain", skipped: "Firestore did not answer" },
    ]);
    const broken = await explainVerdicts(async () => Promise.reject(new Error("7 PERMISSION_DENIED")), {
      storeAnswered: true,
      emulated: false,
    });
    assert.deepEqual(broken, [{ check: "Query Explain", ok: false, problem: "7 PERMISSION_DENIED" }]);
  });

  it("runs with the doctor's other checks only when asked (--explain)", async () => {
    const asked: string[] = [];
    const probes = {
      pingStore: async () => "firestore" as const,
      checkAuthCredentials: async () => {},
      activeAdmins: async () => ["ada@example.com"],
      deployedRules: async () => "",
      localRules: () => "",
      localIndexes: () => "{}",
      productsWithoutCreatedAt: async () => 0,
      productsWithoutPriceKey: async () => 0,
      productsWithoutNameKey: async () => 0,
      productsWithoutStockFlag: async () => 0,
      payOnDelivery: async () => true,
      mediaRoundTrip: async () => "filesystem",
      redisVersion: async () => "7.0.15",
      explainQueries: async () => {
        asked.push("explain");
        return explainQueryShapes(db, reportedExplain());
      },
    } satisfies DoctorProbes;
    const local = { FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:1" };
    const plain = await runDoctor(local, probes, { local: true });
    assert.equal(
      plain.some((v) => v.check.startsWith("Query Explain")),
      false,
    );
    const onEmulator = await runDoctor(local, probes, { local: true, explain: true });
    assert.deepEqual(onEmulator.at(-1), {
      check: "Query Explain",
      skipped: "the emulator cannot run Query Explain: run it against the project",
    });
    assert.deepEqual(asked, []);
  });
});
