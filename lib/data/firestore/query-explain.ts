/**
 * Firestore Query Explain for each composite index shape the adapter
 * declares (query-shapes.ts), for `npm run doctor -- --explain` against the
 * real project: which index the backend chose and what the query read. A
 * query made by merging indexes (the order desk's combined filters) is
 * explained through each of its parts' shapes. The emulator cannot run
 * Explain: tests/query-explain.test.ts runs each sample query on it and
 * reads Explain answers written in the form Firestore documents.
 *
 * Each shape's sample query is derived from its index fields, so the list
 * is said once: the fields before the last ordered one (or the last
 * `orderedFields`) are equalities (an array field: array-contains-any),
 * the ordered fields and `__name__` are the order. A range on the ordered field (a price, a due
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
  inStock: true,
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
  const orderedCount = shape.orderedFields ?? 1;
  const ordered = named.slice(-orderedCount);
  if (ordered.length < orderedCount || !ordered.every((field) => "order" in field))
    throw new Error(`The shape "${shape.query}" ends with no ordered field`);
  let query: Query = db.collection(shape.collectionGroup);
  for (const field of named.slice(0, -orderedCount)) {
    if (!Object.hasOwn(EXPLAIN_SAMPLES, field.fieldPath)) throw new Error(`No sample value for ${field.fieldPath} (EXPLAIN_SAMPLES)`);
    const value = EXPLAIN_SAMPLES[field.fieldPath];
    query = "arrayConfig" in field ? query.where(field.fieldPath, "array-contains-any", value) : query.where(field.fieldPath, "==", value);
  }
  for (const field of ordered) if ("order" in field) query = query.orderBy(field.fieldPath, direction(field.order));
  if (id && "order" in id) query = query.orderBy(FieldPath.documentId(), direction(id.order));
  return query.limit(EXPLAIN_LIMIT);
}

/**
 * The index a shape declares, as Explain writes an index's properties:
 * "(productType ASC, createdAt DESC, __name__ ASC)". Firestore ends every
 * composite index with `__name__` (in the last field's direction) when
 * firestore.indexes.json leaves it out; an array field is written CONTAINS
 * here, whatever word Explain uses for it.
 */
export function declaredIndexOf(shape: CompositeQueryShape): string {
  const words = shape.fields.map(
    (field) => `${field.fieldPath} ${"arrayConfig" in field ? "CONTAINS" : field.order === "ASCENDING" ? "ASC" : "DESC"}`,
  );
  const last = shape.fields.at(-1);
  if (last && last.fieldPath !== "__name__" && "order" in last) words.push(`__name__ ${last.order === "ASCENDING" ? "ASC" : "DESC"}`);
  return `(${words.join(", ")})`;
}

/** Whether an index Explain reports is the declared one: the same fields in order, the same directions (any word for an array field). */
export function isDeclaredIndex(declared: string, reported: string): boolean {
  const parts = (text: string) =>
    text
      .replace(/^\(|\)$/g, "")
      .split(",")
      .map((part) => part.trim().split(/\s+/));
  const want = parts(declared);
  const got = parts(reported);
  return (
    want.length === got.length &&
    want.every(([field, word], i) => got[i][0] === field && (word === "CONTAINS" || got[i][1]?.toUpperCase() === word))
  );
}

export type ExplainedShape = { query: string; declared: string } & (
  { indexes: string[]; results: number; reads: number; durationMs: number } | { failed: string }
);

/** What Explain answers of a query (firebase-admin does not name the type). */
type ExplainMetrics = Awaited<ReturnType<Query["explain"]>>["metrics"];

/** How one query is explained: Query.explain with `analyze` (it runs, billed); a test passes a recorded answer. */
export type ExplainQuery = (query: Query) => Promise<{ metrics: ExplainMetrics }>;

const analyze: ExplainQuery = (query) => query.explain({ analyze: true });

/** How long one query's Explain may take before the doctor says it got no answer. */
const EXPLAIN_DEADLINE_MS = 15_000;

function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${EXPLAIN_DEADLINE_MS / 1000} s`)), EXPLAIN_DEADLINE_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Explains every shape, one after another; a shape Explain refuses (no index: FAILED_PRECONDITION) or leaves unanswered says why. */
export async function explainQueryShapes(db: Firestore, explain: ExplainQuery = analyze): Promise<ExplainedShape[]> {
  const explained: ExplainedShape[] = [];
  for (const shape of COMPOSITE_QUERY_SHAPES) {
    const head = { query: shape.query, declared: declaredIndexOf(shape) };
    let query: Query;
    try {
      query = sampleQueryOf(db, shape);
    } catch (error) {
      explained.push({ ...head, failed: `no sample query: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    try {
      const { metrics } = await withDeadline(explain(query));
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
