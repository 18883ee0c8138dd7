/**
 * A doctor probe's verdict within a deadline: firebase-admin (and a client
 * of an unreachable Redis) retry for minutes, so each probe gets
 * PROBE_DEADLINE_MS, and what it threw becomes the check's problem.
 */
import "server-only";

const PROBE_DEADLINE_MS = 15_000;

/** One line: the error's first line, and its cause's when it has one (a timeout says little without it). */
export function messageOf(error: unknown): string {
  const first = (value: unknown) => (value instanceof Error ? value.message : String(value)).split("\n")[0];
  const cause = error instanceof Error && error.cause !== undefined ? first(error.cause) : "";
  return cause && cause !== first(error) ? `${first(error)} (${cause})` : first(error);
}

/** `run`'s verdict, or `check` failed with what it threw, or with its silence past the deadline. */
export async function probed<V>(check: string, run: () => Promise<V>): Promise<V | { check: string; ok: false; problem: string }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_DEADLINE_MS / 1000} s`)), PROBE_DEADLINE_MS);
  });
  try {
    return await Promise.race([run(), deadline]);
  } catch (error) {
    return { check, ok: false, problem: messageOf(error) };
  } finally {
    clearTimeout(timer);
  }
}
