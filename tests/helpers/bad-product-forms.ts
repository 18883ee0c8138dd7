/**
 * Generated "Add a product" forms that must be refused: a valid form with at
 * least one real defect (a field missing, the wrong type, too long, with
 * control characters, an image that is neither a local path nor an https URL
 * on a public host name, a price that is not a plain positive amount of
 * cents, a type not in the list, a stock that is not blank nor a whole
 * count 0..1,000,000), plus optional noise (extra and duplicate fields) that
 * must neither help nor hurt. The stock is optional: left out, it is no defect. Each defect is built to
 * be wrong by the spec's rules, independently of the app's validator.
 */
import fc from "fast-check";
import { SCRIPT_PAYLOADS, TRICKY_CHARS, hostileText, hugeString } from "./bad-inputs";

export const FORM_FIELDS = ["productName", "productImage", "productPrize", "productDetails", "productType", "productStock"] as const;
/** The fields a form must have (the stock may be left out). */
const REQUIRED_FIELDS: readonly FormField[] = FORM_FIELDS.filter((field) => field !== "productStock");
export type FormField = (typeof FORM_FIELDS)[number];
const SPEC_TYPES = ["Electronics", "Accessories", "Book", "Sport"] as const;

/** A form value as FormData holds it: text, or a file where text belongs. */
export type FormValue = string | { file: string; name: string };

/** A valid form (the spec's example shape), varied so the defect is not always next to the same neighbours. */
export const validForm = (): fc.Arbitrary<Record<FormField, string>> =>
  fc.record({
    productName: fc.constantFrom("Desk Lamp", "Fuzz Mug", "Caf\u00e9 Chair \ud83d\ude00", "A"),
    productImage: fc.constantFrom("https://cdn.example.com/lamp.jpg", "/products/lamp.webp"),
    productPrize: fc.constantFrom("39.99", "1", "0.01", "12.5", "1000000"),
    productDetails: fc.constantFrom("Warm light.", "Two lines.\nSecond line.", "Tabs\tare fine."),
    productType: fc.constantFrom(...SPEC_TYPES),
    productStock: fc.constantFrom("", "0", "3", " 12 ", "1000000"),
  });

// A control character that no trim removes, placed between letters.
const C0_C1 = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085", "\u009b");
const embedded = (inner: fc.Arbitrary<string>) => inner.map((c) => `Lamp${c}Shade`);
const file = fc.record({
  file: fc.oneof(fc.constant(""), fc.string(), fc.constantFrom(...SCRIPT_PAYLOADS)),
  name: fc.constantFrom("a.txt", "x.jpg", ""),
});
const blank = fc.constantFrom("", " ", "   ", "\t", "\n\r\n", "\u00a0", "\u3000");

const badName: fc.Arbitrary<FormValue> = fc.oneof(
  blank,
  embedded(C0_C1),
  embedded(fc.constantFrom("\n", "\t", "\r")), // a name is one line
  fc.integer({ min: 121, max: 5_000 }).map((n) => "N".repeat(n)),
  hugeString(121).map((s) => `N${s}N`),
  file,
);

const badImage: fc.Arbitrary<FormValue> = fc.oneof(
  blank,
  fc
    .tuple(
      fc.constantFrom(
        "javascript:",
        "JavaScript:",
        "data:",
        "data:image/svg+xml,",
        "http:",
        "ftp:",
        "file:",
        "vbscript:",
        "blob:",
        "ws:",
        "mailto:",
      ),
      fc.constantFrom("//cdn.example.com/x.jpg", "alert(1)", "<svg onload=alert(1)>", "x"),
    )
    .map(([scheme, rest]) => scheme + rest),
  fc.constantFrom(
    "//cdn.example.com/lamp.jpg", // protocol-relative: another host
    "///etc/passwd",
    "https://",
    "https://user:pass@cdn.example.com/x.jpg",
    "https:alert(1)", // the URL parser reads its host as "alert(1)"
    "https://localhost/x.jpg",
    "https://shop.localhost/x.jpg",
    "https://127.0.0.1/x.jpg",
    "https://[::1]/x.jpg",
    "https://cdn/x.jpg", // one label: not a public name
    "https://exa mple.com/x.jpg",
    "https://-cdn.example.com/x.jpg",
    `https://${"a".repeat(64)}.example.com/x.jpg`,
    "products/lamp.webp", // relative, not under public/
    "/products/../../etc/passwd",
    "/products/lamp.webp?x=1",
    "/products/lamp webp",
    "/products/<img>.webp",
    "\\\\server\\share\\x.jpg",
    " javascript:alert(1)",
  ),
  fc.integer({ min: 2_049, max: 20_000 }).map((n) => `https://cdn.example.com/${"a".repeat(n)}`),
  embedded(fc.constantFrom(...TRICKY_CHARS)).map((s) => `/products/${s}.webp`),
  file,
);

const threeDecimals = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9 }), fc.nat(3))
  .map(([whole, cents, last, zeros]) => `${whole}.${String(cents).padStart(2, "0")}${last}${"0".repeat(zeros)}`);

const badPrice: fc.Arbitrary<FormValue> = fc.oneof(
  blank,
  fc.constantFrom(
    "1e3",
    "-0",
    "0",
    "0.00",
    "NaN",
    "Infinity",
    "-Infinity",
    "0x10",
    "0b1",
    "0o7",
    "+5",
    "1,50",
    "1.2.3",
    "$5",
    "5$",
    "\u0661\u0662",
    "5\u00a0000",
    "1_000",
    ".",
  ),
  threeDecimals, // "0.001", "12.345"
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `-${n}`),
  fc.integer({ min: 1_000_001, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.constantFrom("1000000.01", "9".repeat(400)),
  hostileText().filter((s) => !/^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(s)),
  file,
);

const badDetails: fc.Arbitrary<FormValue> = fc.oneof(
  blank,
  embedded(C0_C1),
  fc.integer({ min: 2_001, max: 20_000 }).map((n) => "D".repeat(n)),
  hugeString(2_001).map((s) => `D${s}D`),
  file,
);

const badType: fc.Arbitrary<FormValue> = fc.oneof(
  blank,
  fc.constantFrom(
    "electronics",
    "ELECTRONICS",
    " Electronics",
    "Electronics ",
    "Electronics\u200b",
    "Books",
    "Food",
    "Sport,Book",
    "__proto__",
    "constructor",
  ),
  hostileText().filter((s) => !(SPEC_TYPES as readonly string[]).includes(s)),
  file,
);

const badStock: fc.Arbitrary<FormValue> = fc.oneof(
  fc.constantFrom("-1", "-0", "2.5", "3.0", "1e3", "0x10", "+3", "1,000", "1 000", "NaN", "Infinity", "\u0661\u0662", "3\u200b"),
  fc.integer({ min: 1_000_001, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.constant("9".repeat(400)),
  hostileText().filter((s) => !/^\s*\d*\s*$/.test(s)),
  file,
);

const BAD_VALUE: Record<FormField, fc.Arbitrary<FormValue>> = {
  productName: badName,
  productImage: badImage,
  productPrize: badPrice,
  productDetails: badDetails,
  productType: badType,
  productStock: badStock,
};

/** One defect: a field left out, or given a bad value. */
type Defect = { field: FormField; kind: "missing" } | { field: FormField; kind: "bad"; value: FormValue };

const defect: fc.Arbitrary<Defect> = fc.constantFrom(...FORM_FIELDS).chain((field) => {
  const bad = BAD_VALUE[field].map<Defect>((value) => ({ field, kind: "bad", value }));
  return REQUIRED_FIELDS.includes(field) ? fc.oneof(fc.constant<Defect>({ field, kind: "missing" }), bad) : bad;
});

/** Noise: fields the form does not have, and second copies of real fields (FormData.get reads the first). */
const noise = fc.array(
  fc.record({
    name: fc.oneof(
      fc.constantFrom(...FORM_FIELDS),
      fc.constantFrom("id", "createdAt", "__proto__", "price", "$ACTION_ID_x", ""),
      fc.string({ maxLength: 12 }),
    ),
    value: fc.oneof(fc.constantFrom("Desk Lamp", "1", "Book", "https://cdn.example.com/a.jpg"), hostileText(), file),
  }),
  { maxLength: 5 },
);

interface BadForm {
  /** The fields in the order they are appended. */
  entries: Array<[string, FormValue]>;
  /** The fields that are wrong on purpose (field errors must name at least these). */
  defective: FormField[];
}

/** A form with 1..3 defects and some noise; a defective field is always the first of its name. */
export const badForm = (): fc.Arbitrary<BadForm> =>
  fc
    .tuple(validForm(), fc.uniqueArray(defect, { minLength: 1, maxLength: 3, selector: (d) => d.field }), noise)
    .map(([good, defects, extra]) => {
      const entries: Array<[string, FormValue]> = [];
      for (const field of FORM_FIELDS) {
        const broken = defects.find((d) => d.field === field);
        if (!broken) entries.push([field, good[field]]);
        else if (broken.kind === "bad") entries.push([field, broken.value]);
      }
      // Noise goes after the real fields, except that a missing field must stay missing.
      for (const { name, value } of extra) {
        if (!defects.some((d) => d.kind === "missing" && d.field === name)) entries.push([name, value]);
      }
      return { entries, defective: defects.map((d) => d.field) };
    });

/** Builds the FormData a browser (or a forger) would send. */
export function toFormData(entries: ReadonlyArray<[string, FormValue]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value.file]), value.name);
  }
  return form;
}
