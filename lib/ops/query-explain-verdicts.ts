/**
 * What `npm run doctor -- --explain` says of Firestore's Query Explain
 * (lib/data/firestore/query-explain.ts), one verdict per query shape the
 * shop uses: the index the backend chose and what the query read. A problem
 * when Explain refused the query (a missing index answers
 * FAILED_PRECONDITION) or the backend chose another index than the one
 * firestore.indexes.json declares for it. Documents read beyond the results
 * are reported, not judged: a page reads what it shows plus a constant.
 */
import { isDeclaredIndex, type ExplainedShape } from "@/lib/data/firestore/query-explain";
import type { Verdict } from "./doctor";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function explainVerdict(shape: ExplainedShape): Verdict {
  const check = `Query Explain: ${shape.query}`;
  if ("failed" in shape) return { check, ok: false, problem: `not explained (${shape.failed}); its declared index is ${shape.declared}` };
  const read = `read ${plural(shape.reads, "document")} for ${plural(shape.results, "result")} in ${shape.durationMs.toFixed(1)} ms`;
  return shape.indexes.some((index) => isDeclaredIndex(shape.declared, index))
    ? { check, ok: true, detail: `the declared index ${shape.declared}; ${read}` }
    : {
        check,
        ok: false,
        problem: `the backend chose ${shape.indexes.join(" + ") || "no index"}, not the declared ${shape.declared}; ${read}`,
      };
}

/** The verdicts of `--explain`: none run on an emulator (it cannot explain) or when Firestore did not answer. */
export async function explainVerdicts(
  explainQueries: () => Promise<ExplainedShape[]>,
  { storeAnswered, emulated }: { storeAnswered: boolean; emulated: boolean },
): Promise<Verdict[]> {
  const check = "Query Explain";
  if (emulated) return [{ check, skipped: "the emulator cannot run Query Explain: run it against the project" }];
  if (!storeAnswered) return [{ check, skipped: "Firestore did not answer" }];
  try {
    return (await explainQueries()).map(explainVerdict);
  } catch (error) {
    return [{ check, ok: false, problem: error instanceof Error ? error.message : String(error) }];
  }
}
