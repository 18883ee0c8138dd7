/**
 * Firestore Query Explain for every composite query shape the adapter makes
 * (query-shapes.ts), for `npm run doctor -- --explain` against the real
 * project: which index the backend chose and what the query read. Neither
 * the emulator nor this machine can run Explain; tests/query-explain.test.ts
 * runs each sample query on the emulator and reads a recorded Explain result.
 *
 * Each shape's sample query is derived from its index fields, so the list
 * is said once: the fields before the last ordered one are equalities
 * (an array field: array-contains-any), the last ordered field and
 * `__name__` are the order. A range on the ordered field (a price, a due
 * time) uses the same index, so the sample leaves it out. It reads at most
 * EXPLAIN_LIMIT documents: with `analyze` the query runs, and its reads are
 * billed.
 */
import { FieldPath, type Firestore, type Query } from "firebase-admin/firestore";
import { COMPOSITE_QUERY_SHAPES, type CompositeQueryShape } from "./query-shapes";

/** A page's worth: what a listing reads at most. */
export const EXPLAIN_LIMIT = 20;

/** The value each equality field is sampled with: a value the shop writes. */
const EXPLAIN_SAMPLES: Readonly<Record<string, unknown>> = {
  productType: "Electronics",
  searchKeys: ["phone"],
  fulfilment: "placed",
  payment: "paid",
  returnState: "requested",
  emailKey: "shopper@example.com",
  uid: "explain-sample-uid",
  state: "pending",
};

const direction = (order: "ASCENDING" | "DESCENDING") => (order === "ASCENDING" ? "asc" : "desc");

/** The query a shape stands for, with EXPLAIN_SAMPLES' values; throws for a field without a sample. */
export function sampleQueryOf(db: Firestore, shape: CompositeQueryShape): Query {
  const named = shape.fields.filter((field) => field.fieldPath !== "__name__");
  const id = shape.fields.find((field) => field.fieldPath === "__name__");
  const ordered = named.at(-1);
  if (!ordered || !("order" in ordered)) throw new Error(`The shape "${shape.query}" ends with no ordered field`);
  let query: Query = db.collection(shape.collectionGroup);
  for (const field of named.slice(0, -1)) {
    if (!Object.hasOwn(EXPLAIN_SAMPLES, field.fieldPath)) throw new Error(`No sample value for ${field.fieldPath} (EXPLAIN_SAMPLES)`);
    const value = EXPLAIN_SAMPLES[field.fieldPath];
    query = "arrayConfig" in field ? query.where(field.fieldPath, "array-contains-any", value) : query.where(field.fieldPath, "==", value);
  }
  query = query.orderBy(ordered.fieldPath, direction(ordered.order));
  if (id && "order" in id) query = query.orderBy(FieldPath.documentId(), direction(id.order));
  return query.limit(EXPLAIN_LIMIT);
}

/** The index a shape declares, as Explain writes an index's properties: "(productType ASC, createdAt DESC, __name__ ASC)". */
export function declaredIndexOf(shape: CompositeQueryShape): string {
  const words = shape.fields.map(
    (field) => `${field.fieldPath} ${"arrayConfig" in field ? "CONTAINS" : field.order === "ASCENDING" ? "ASC" : "DESC"}`,
  );
  return `(${words.join(", ")})`;
}

export type ExplainedShape = { query: string; declared: string } & (
  { indexes: string[]; results: number; reads: number; durationMs: number } | { failed: string }
);

/** What Explain answers of a query (firebase-admin does not name the type). */
type ExplainMetrics = Awaited<ReturnType<Query["explain"]>>["metrics"];

/** How one query is explained: Query.explain with `analyze` (it runs, billed); a test passes a recorded answer. */
export type ExplainQuery = (query: Query) => Promise<{ metrics: ExplainMetrics }>;

const analyze: ExplainQuery = (query) => query.explain({ analyze: true });

/** Explains every shape, one after another; a shape Explain refuses (no index: FAILED_PRECONDITION) says why. */
export async function explainQueryShapes(db: Firestore, explain: ExplainQuery = analyze): Promise<ExplainedShape[]> {
  const explained: ExplainedShape[] = [];
  for (const shape of COMPOSITE_QUERY_SHAPES) {
    const head = { query: shape.query, declared: declaredIndexOf(shape) };
    try {
      const { metrics } = await explain(sampleQueryOf(db, shape));
      const stats = metrics.executionStats;
      explained.push({
        ...head,
        indexes: metrics.planSummary.indexesUsed.map((index) => String(index.properties ?? JSON.stringify(index))),
        results: stats?.resultsReturned ?? 0,
        reads: stats?.readOperations ?? 0,
        durationMs: stats ? stats.executionDuration.seconds * 1000 + stats.executionDuration.nanoseconds / 1e6 : 0,
      });
    } catch (error) {
      explained.push({ ...head, failed: error instanceof Error ? error.message : String(error) });
    }
  }
  return explained;
}
