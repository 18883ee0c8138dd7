/**
 * `npm run doctor -- --explain` (lib/data/firestore/query-explain.ts,
 * lib/ops/query-explain-verdicts.ts). Query Explain needs a real project:
 * here each shape's sample query runs on the emulator (so every shape
 * derives a query Firestore accepts, with a sample for each equality
 * field), and the verdicts are read from a recorded Explain result in the
 * form the Node client gives it (indexesUsed as query_scope and
 * properties, executionStats with readOperations).
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Query } from "firebase-admin/firestore";
import { declaredIndexOf, EXPLAIN_LIMIT, explainQueryShapes, sampleQueryOf, type ExplainQuery } from "@/lib/data/firestore/query-explain";
import { COMPOSITE_QUERY_SHAPES } from "@/lib/data/firestore/query-shapes";
import { describeVerdict, runDoctor, type DoctorProbes } from "@/lib/ops/doctor";
import { explainVerdicts } from "@/lib/ops/query-explain-verdicts";

/** What the Node client answered for the category page's query on a project of 50,000 products (recorded). */
const RECORDED = {
  planSummary: { indexesUsed: [{ query_scope: "Collection", properties: "(productType ASC, createdAt DESC, __name__ ASC)" }] },
  executionStats: {
    resultsReturned: 20,
    executionDuration: { seconds: 0, nanoseconds: 14_250_000 },
    readOperations: 20,
    debugStats: { index_entries_scanned: "20", documents_scanned: "20", billing_details: { documents_billable: "20" } },
  },
};

/** Answers each query with the recorded result, its index made the shape's own (as a project with every index answers). */
function recordedExplain(failing: Set<number> = new Set(), otherIndex: Set<number> = new Set()): ExplainQuery {
  let index = -1;
  return async () => {
    index += 1;
    const shape = COMPOSITE_QUERY_SHAPES[index];
    if (failing.has(index)) throw new Error("9 FAILED_PRECONDITION: The query requires an index.");
    const properties = otherIndex.has(index) ? "(__name__ ASC)" : declaredIndexOf(shape);
    return {
      metrics: {
        ...RECORDED,
        planSummary: { indexesUsed: [{ query_scope: "Collection", properties }] },
      } as unknown as Awaited<ReturnType<Query["explain"]>>["metrics"],
    };
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
      .set({ productType: "Electronics", createdAt: new Date(), searchKeys: ["phone"] });
    for (const shape of COMPOSITE_QUERY_SHAPES) {
      const snapshot = await sampleQueryOf(db, shape).get();
      assert.ok(snapshot.size <= EXPLAIN_LIMIT, shape.query);
    }
    const category = COMPOSITE_QUERY_SHAPES.find((shape) => shape.query.startsWith("the newest of one type"))!;
    assert.equal((await sampleQueryOf(db, category).get()).size, 1, "the sample type is one the shop writes");
    assert.equal(declaredIndexOf(category), "(productType ASC, createdAt DESC, __name__ ASC)");
  });

  it("says, per shape, the index the project chose and what it read; a refused query and another index are problems", async () => {
    const explained = await explainQueryShapes(db, recordedExplain(new Set([2]), new Set([4])));
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
      /^✘ Query Explain: a search \(search pages\).*: refused \(9 FAILED_PRECONDITION: The query requires an index\.\); its declared index is \(searchKeys CONTAINS, createdAt DESC, __name__ ASC\)$/,
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
      payOnDelivery: async () => true,
      explainQueries: async () => {
        asked.push("explain");
        return explainQueryShapes(db, recordedExplain());
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
