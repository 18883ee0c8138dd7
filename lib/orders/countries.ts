/**
 * Countries in words: a code's English name, the checkout's choice of the
 * countries the shipping zones serve (countryChoices; the zones are the one
 * list: lib/data/rules/shipping.ts, servedCountries), and the shipping
 * page's sentence. ISO 3166-1 alpha-2 codes, as an order stores them. Pure,
 * so the form and the server share it.
 */

/** The country the shop sells from: the footer's country button. */
export const SHOP_COUNTRY = "US";

const NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** A country's English name ("DE" → "Germany"), or the code itself when it names none (an order's country never changes). */
export function countryName(code: string): string {
  try {
    return NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries the checkout offers (the zones' countries), as its select lists them: code and name, by name. */
export function countryChoices(codes: readonly string[]): (readonly [string, string])[] {
  return codes.map((code) => [code, countryName(code)] as const).sort((a, b) => a[1].localeCompare(b[1], "en"));
}

/** Names that read with "the" in a sentence. */
const WITH_ARTICLE = new Set(["US", "GB", "NL", "PH", "AE", "DO", "BS", "CZ", "CF", "GM", "MV", "MH", "SB", "VA"]);

/** "the United States", "Canada": a country's name as a sentence uses it. */
function inSentence(code: string): string {
  return WITH_ARTICLE.has(code) ? `the ${countryName(code)}` : countryName(code);
}

/** The shipping page's words: "We ship within the United States.", or the countries listed when there are several. */
export function shippingWords(codes: readonly string[]): string {
  if (codes.length === 1) return `We ship within ${inSentence(codes[0])}.`;
  const names = codes.map(inSentence);
  return `We ship to ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}.`;
}
