/**
 * Generators (fast-check) of the inputs a hostile or broken client sends:
 * wrong types, huge strings, control and emoji characters, HTML and script
 * payloads. Shared by the unit fuzzers (tests/fuzz) and the HTTP fuzzer
 * (tests/e2e/fuzz.spec.ts), so both hammer the same classes of input.
 * No imports from the app: the generators must not share the validator's idea
 * of what is valid, or a bug in one would hide in the other.
 */
import fc from "fast-check";

/**
 * One fixed seed for every fuzzer, so a failure reproduces exactly; override
 * with FUZZ_SEED to explore further. fast-check prints the seed and the
 * shrunk counterexample when a property fails.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_706);

/** Markup that would run script if it were ever rendered as HTML instead of text. */
export const SCRIPT_PAYLOADS = [
  `<img src=x onerror="window.__pwned=1">`,
  `</script><script>window.__pwned=1</script>`,
  `"><svg onload="window.__pwned=1">`,
  `'><iframe srcdoc="<script>parent.__pwned=1</script>">`,
  `<a href="javascript:window.__pwned=1">x</a>`,
  `{{7*7}}`,
  "${7*7}",
  `<!--`,
  `]]><![CDATA[`,
  `\u2028\u2029</title><script>window.__pwned=1</script>`,
] as const;

/** Characters that look like nothing, reorder text or break terminals and parsers. */
export const TRICKY_CHARS = [
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u200b", // zero-width space
  "\u200d", // zero-width joiner
  "\u202e", // right-to-left override
  "\u2066", // left-to-right isolate
  "\ufeff",
  "\ud83d\ude00", // emoji
  "\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67", // family (ZWJ sequence)
  "\ud83c\uddfa\ud83c\uddf8", // flag
  "\ud800", // lone surrogate
  "\u0645\u0631\u062d\u0628\u0627", // Arabic (RTL)
] as const;

/** A string of `length` characters (big enough to exceed any field limit). */
export const hugeString = (min = 2_100, max = 300_000) =>
  fc.tuple(fc.integer({ min, max }), fc.constantFrom("x", "\u00e9", "\ud83d\ude00", "<", " ")).map(([n, c]) => c.repeat(n));

/** Hostile text: payloads, tricky characters, arbitrary unicode, whitespace-only and huge strings. */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...SCRIPT_PAYLOADS),
    fc.constantFrom(...TRICKY_CHARS),
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc
      .array(fc.oneof(fc.constantFrom(...SCRIPT_PAYLOADS), fc.constantFrom(...TRICKY_CHARS), fc.string()), { minLength: 2, maxLength: 6 })
      .map((parts) => parts.join("")),
    fc.constantFrom("", " ", "\t\n", "\u00a0\u3000"),
    hugeString(),
  );

/** Anything that is not a string at all. */
export const wrongType = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, undefined, true, false, 0, -0, -1, 42, Number.NaN, Infinity, -Infinity, 10n, Symbol("x")),
    fc.double(),
    fc.integer(),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }),
    fc.constant(new Date(0)),
    fc.constant(() => "lamp"),
    fc.constant(new Blob(["x"])),
    fc.anything().filter((value) => typeof value !== "string"),
  );

/** A string that cannot be a product id (ids are 1..128 of [A-Za-z0-9_-]). */
export const badIdText = (): fc.Arbitrary<string> =>
  fc.oneof(
    hostileText().filter((s) => !/^[A-Za-z0-9_-]{1,128}$/.test(s)),
    fc.constantFrom("", "../etc/passwd", "a/b", "a b", "drop'; --", "lamp\u0000", "%2e%2e", "lamp?x=1", "lamp#x"),
    fc.stringMatching(/^[A-Za-z0-9_-]{129,400}$/),
  );

/** Any value a client could send instead of a product id. */
export const badProductId = (): fc.Arbitrary<unknown> => fc.oneof(wrongType(), badIdText());

/**
 * Counts how many inputs each target received, so a test can show (and
 * assert) that it really ran the number of cases it claims.
 */
export class RunCounter {
  private readonly counts = new Map<string, number>();

  hit(target: string): void {
    this.counts.set(target, (this.counts.get(target) ?? 0) + 1);
  }

  count(target: string): number {
    return this.counts.get(target) ?? 0;
  }

  summary(): string {
    return [...this.counts].map(([target, n]) => `${target}: ${n}`).join(", ");
  }
}
