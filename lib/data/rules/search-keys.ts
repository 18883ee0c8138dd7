/**
 * The search keys of a product, computed when it is written and stored with
 * it (Firestore: the `searchKeys` array; SQLite: product_search_keys rows),
 * and the keys a query looks them up by. Both backends then answer a search
 * from their own indexes: no instance reads or holds the whole catalogue.
 *
 * Words are Unicode-normalised, unaccented, lower case, split on anything
 * that is not a letter or digit. Plurals and other inflections meet through
 * the Porter stemmer (npm `stemmer`); typos through Double Metaphone codes
 * (npm `double-metaphone`) and the one-letter deletions of name words (a
 * query missing one letter is one of them). Keys are prefixed by kind:
 *   n:<stem>    a name word          x:<stem>   a details word
 *   p:<prefix>  a name word's prefix (2..PREFIX_MAX letters, the word itself included)
 *   m:<code>    a name word's first letter and Double Metaphone code (of its stem)
 *   d:<word>    a name word with one letter deleted
 * Pure: the adapters, the backfill and the ranking (search-rank.ts) share it.
 */
import { doubleMetaphone } from "double-metaphone";
import { stemmer } from "stemmer";

/**
 * Raised whenever the keys a product gets change meaning; a stored product
 * whose `searchKeysVersion` is lower (or missing) needs its keys rewritten.
 */
export const SEARCH_KEYS_VERSION = 1;

/** The longest name-word prefix stored; a longer query word looks up its first PREFIX_MAX letters. */
const PREFIX_MAX = 15;
/** Shortest prefix stored, and shortest query word that looks prefixes up. */
const PREFIX_MIN = 2;
/** Shortest word that gets phonetic keys, and shortest query word that looks them up. */
const PHONETIC_MIN = 4;
/** Shortest name word whose one-letter deletions are stored. */
const DELETION_MIN = 5;
/** Most values one Firestore `array-contains-any` takes. */
export const QUERY_KEYS_MAX = 30;
/** Query words beyond this many are ignored (the query is at most 100 characters anyway). */
const QUERY_WORDS_MAX = 8;

/** The words of a text, in order: normalised, unaccented, lower case, letters and digits only. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("en-US")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** A word's stem: Porter's for words of letters, the word itself otherwise ("4k", "22l", "144"). */
export function stemOf(word: string): string {
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

/**
 * The Double Metaphone codes of a word's stem (one or two), each after the
 * word's first letter: a typo rarely changes the first letter, and short
 * codes alone join unrelated words ("knit" and "nothing" are both NT). None
 * for short or non-alphabetic words.
 */
export function phoneticCodes(word: string): string[] {
  if (word.length < PHONETIC_MIN || !/^[a-z]+$/.test(word)) return [];
  const codes = doubleMetaphone(stemOf(word)).filter((code) => code.length > 0);
  return [...new Set(codes)].map((code) => word[0] + code);
}

/** The word with each one letter deleted, for words of DELETION_MIN letters or more. */
export function deletions(word: string): string[] {
  if (word.length < DELETION_MIN) return [];
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

/** The stored search fields of a product (Firestore document fields; SQLite keeps the keys as rows). */
export interface ProductSearchFields {
  searchKeys: string[];
  searchKeysVersion: number;
}

/**
 * What a product stores for search, from its name and details: call it on
 * every write of a product (and from the backfill, per product).
 */
export function productSearchFields(product: { name: string; details: string }): ProductSearchFields {
  return { searchKeys: productSearchKeys(product), searchKeysVersion: SEARCH_KEYS_VERSION };
}

/** A product's keys, sorted and unique. */
export function productSearchKeys({ name, details }: { name: string; details: string }): string[] {
  const keys = new Set<string>();
  for (const word of searchWords(name)) {
    keys.add(`n:${stemOf(word)}`);
    for (let end = PREFIX_MIN; end <= Math.min(word.length, PREFIX_MAX); end++) keys.add(`p:${word.slice(0, end)}`);
    for (const code of phoneticCodes(word)) keys.add(`m:${code}`);
    for (const deleted of deletions(word)) keys.add(`d:${deleted}`);
  }
  for (const word of searchWords(details)) keys.add(`x:${stemOf(word)}`);
  return [...keys].sort();
}

/** A query's words, and the adjacent pairs joined ("ear buds" → "earbuds"), as ranking sees them. */
interface QueryTerms {
  words: string[];
  joined: string[];
}

export function queryTerms(query: string): QueryTerms {
  const words = searchWords(query).slice(0, QUERY_WORDS_MAX);
  const joined = words.slice(1).map((word, i) => words[i] + word);
  return { words, joined };
}

/**
 * The keys a query looks products up by, at most QUERY_KEYS_MAX of each:
 * `name` finds products whose name matches (a whole word or plural, a
 * prefix, a typo), `details` those whose details hold a word. Exact and
 * prefix keys come first, so a long query drops typo keys before them.
 */
export function querySearchKeys(query: string): { name: string[]; details: string[] } {
  const { words, joined } = queryTerms(query);
  const terms = [...words, ...joined];
  const name = new Set<string>();
  const details = new Set<string>();
  for (const term of terms) {
    name.add(`n:${stemOf(term)}`);
    if (term.length >= PREFIX_MIN) name.add(`p:${term.slice(0, PREFIX_MAX)}`);
    details.add(`x:${stemOf(term)}`);
  }
  for (const term of terms) {
    for (const code of phoneticCodes(term)) name.add(`m:${code}`);
    if (term.length >= DELETION_MIN - 1) name.add(`d:${term}`);
  }
  return { name: [...name].slice(0, QUERY_KEYS_MAX), details: [...details].slice(0, QUERY_KEYS_MAX) };
}
