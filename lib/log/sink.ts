/**
 * Where the process's log lines go: standard output, one line each, written
 * as Node's console writes (a closed pipe does not throw). Tests swap it
 * (`captureLogLines`) to read what the shop logged.
 */
import "server-only";

type LineWriter = (line: string) => void;

const KEY = Symbol.for("storefront.logSink");
type GlobalWithSink = typeof globalThis & { [KEY]?: LineWriter };

function noop(): void {}

function writeStdout(line: string): void {
  const out = process.stdout;
  out.once("error", noop);
  try {
    out.write(line, noop);
  } finally {
    out.removeListener("error", noop);
  }
}

/** Writes one finished line (with its newline) where the process logs now. */
export function writeLogLine(line: string): void {
  ((globalThis as GlobalWithSink)[KEY] ?? writeStdout)(line);
}

/**
 * For tests: every line logged until `restore()` is parsed into `lines`
 * instead of printed.
 */
export function captureLogLines(): { lines: Array<Record<string, unknown>>; restore(): void } {
  const g = globalThis as GlobalWithSink;
  const previous = g[KEY];
  const lines: Array<Record<string, unknown>> = [];
  g[KEY] = (line) => void lines.push(JSON.parse(line) as Record<string, unknown>);
  return {
    lines,
    restore() {
      g[KEY] = previous;
    },
  };
}
