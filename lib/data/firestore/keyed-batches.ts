/**
 * Group commit per key, inside one process: calls for the same key never run
 * at the same time; calls that arrive while one batch runs wait and then run
 * together as the next batch, in arrival order.
 *
 * Why: Firestore transactions on one hot document (one cart line added to by
 * many tabs at once) abort and retry each other until they give up ("Exceeded
 * maximum number of retries allowed"; 200 parallel adds never finished on the
 * emulator). Queuing removes the contention a process has with itself, and
 * batching turns N waiting adds into one transaction and one write, where a
 * plain queue would still pay N transactions back to back (and Firestore
 * sustains only about one write per second on a single document).
 * Other processes are kept exact by the transaction each batch still runs in.
 *
 * A call may bring an AbortSignal: once it fires, a call still waiting is
 * dropped (rejected, never run), because its caller has already been told
 * it failed and a later write would add what the shopper will add again.
 */

/** One call's outcome inside a batch: each caller gets its own result or error. */
export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

/** Runs one batch; returns one outcome per request, in the same order. */
type BatchRunner<Request, Result> = (key: string, requests: Request[]) => Promise<Outcome<Result>[]>;

interface Waiting<Request, Result> {
  request: Request;
  signal?: AbortSignal;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
}

/** Returns `submit(key, request, signal?)`, which resolves with that request's own outcome. */
export function keyedBatches<Request, Result>(
  run: BatchRunner<Request, Result>,
): (key: string, request: Request, signal?: AbortSignal) => Promise<Result> {
  const waiting = new Map<string, Waiting<Request, Result>[]>();
  const busy = new Set<string>();

  async function drain(key: string): Promise<void> {
    busy.add(key);
    try {
      for (let queued = waiting.get(key); queued; queued = waiting.get(key)) {
        waiting.delete(key);
        const batch = queued.filter((w) => {
          if (!w.signal?.aborted) return true;
          w.reject(w.signal.reason ?? new Error("Dropped before it ran: its caller gave up"));
          return false;
        });
        if (batch.length === 0) continue;
        let outcomes: Outcome<Result>[];
        try {
          outcomes = await run(
            key,
            batch.map((w) => w.request),
          );
        } catch (error) {
          // The batch as a whole failed (the backend, not one request): all of it did.
          outcomes = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((w, i) => {
          const outcome = outcomes[i] ?? { ok: false, error: new Error("The batch returned no outcome for this call") };
          if (outcome.ok) w.resolve(outcome.value);
          else w.reject(outcome.error);
        });
      }
    } finally {
      busy.delete(key);
    }
  }

  return (key, request, signal) =>
    new Promise<Result>((resolve, reject) => {
      const entry = { request, signal, resolve, reject };
      const queue = waiting.get(key);
      if (queue) queue.push(entry);
      else waiting.set(key, [entry]);
      if (!busy.has(key)) void drain(key);
    });
}

/**
 * Returns `inTurn(keys, job, signal?)`: runs `job` once no other job holding
 * one of `keys` runs, in arrival order per key. A job with several keys
 * takes them one at a time in sorted order, so jobs never wait on each other
 * in a circle. A job still waiting when its signal fires is dropped, never
 * run, as in keyedBatches.
 */
export function keyedTurns(): <T>(keys: readonly string[], job: () => Promise<T>, signal?: AbortSignal) => Promise<T> {
  const submit = keyedBatches<() => Promise<unknown>, unknown>(async (_key, jobs) => {
    const outcomes: Outcome<unknown>[] = [];
    for (const job of jobs) {
      try {
        outcomes.push({ ok: true, value: await job() });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  });
  const inTurn = <T>(keys: readonly string[], job: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    const [first, ...rest] = [...new Set(keys)].sort();
    if (first === undefined) return job();
    return submit(first, () => inTurn(rest, job, signal), signal) as Promise<T>;
  };
  return inTurn;
}
