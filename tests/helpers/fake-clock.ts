/**
 * A clock whose timers run only when told to, for the browser-free timing
 * modules that take setTimer/clearTimer (lib/live/connection.ts,
 * lib/live/catalog-catch-up.ts).
 */
export function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    setTimer: (run: () => void, ms: number): unknown => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    /** Moves time on, running each timer that falls due, in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
    /** The fake time now (ms since the clock was made). */
    get now() {
      return now;
    },
    /** Timers set and not yet run or cleared. */
    get pending() {
      return timers.size;
    },
  };
}
