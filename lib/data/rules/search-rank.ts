/**
 * How a search orders what the store's keys found, shared by every adapter so
 * results never depend on the backend: a product matching more query words
 * comes first; then by how well each word matches (name: whole word or
 * plural > prefix > typo; then details); then newest first, ties by id.
 * Each kind of match here is one a key of search-keys.ts finds, so a product
 * the keys cannot find never ranks; a typo by sound also needs words of
 * nearly the same length, so a few products the keys found rank nowhere.
 *
 * `runSearch` is the whole search over a store's candidates: name matches
 * first (one indexed query, at most SEARCH_CANDIDATES newest products), then
 * details matches only when the names do not fill the page. Reads stay within
 * the page's size plus a constant however large the catalogue grows.
 */
import { deletions, phoneticCodes, querySearchKeys, queryTerms, searchWords, stemOf } from "./search-keys";
import type { Product, ProductType } from "../contract/catalog";
import { LIMITS } from "../contract/limits";

/** Most products one candidate query reads: as many as a search may return. */
const SEARCH_CANDIDATES = LIMITS.searchResultsMax;

const SCORE = { nameWord: 100, namePrefix: 70, nameTypo: 40, detailsWord: 20 } as const;

/** A candidate query: the newest products (createdAt desc, id asc) holding any of `keys`, of `type` (null: any), at most `max`. */
export interface CandidateQuery {
  keys: string[];
  type: ProductType | null;
  max: number;
}

/** The ranked results of `query` (at most `limit`), from a store's candidate queries (Firestore's are async). */
export async function runSearch(
  query: string,
  options: { type: ProductType | null; limit: number },
  fetchCandidates: (request: CandidateQuery) => Promise<Product[]>,
): Promise<Product[]> {
  const steps = searchSteps(query, options);
  let step = steps.next([]);
  while (!step.done) step = steps.next(await fetchCandidates(step.value));
  return step.value;
}

/** runSearch for a store whose queries are synchronous (SQLite). */
export function runSearchSync(
  query: string,
  options: { type: ProductType | null; limit: number },
  fetchCandidates: (request: CandidateQuery) => Product[],
): Product[] {
  const steps = searchSteps(query, options);
  let step = steps.next([]);
  while (!step.done) step = steps.next(fetchCandidates(step.value));
  return step.value;
}

/** The search itself: yields each candidate query, receives its products, returns the ranked page. */
function* searchSteps(
  query: string,
  { type, limit }: { type: ProductType | null; limit: number },
): Generator<CandidateQuery, Product[], Product[]> {
  const keys = querySearchKeys(query);
  if (keys.name.length === 0) return [];
  const byName = yield { keys: keys.name, type, max: SEARCH_CANDIDATES };
  const ranked = rankProducts(query, byName);
  if (ranked.length >= limit) return ranked.slice(0, limit);
  // Details matches fill the rest; products already found by name may be
  // among them, so enough are read to fill the page either way.
  const byDetails = yield { keys: keys.details, type, max: Math.min(SEARCH_CANDIDATES, limit + ranked.length) };
  const seen = new Set(byName.map((p) => p.id));
  return rankProducts(query, [...byName, ...byDetails.filter((p) => !seen.has(p.id))]).slice(0, limit);
}

interface Ranked {
  product: Product;
  matched: number;
  score: number;
}

/** The products that match `query` at all, best first. */
export function rankProducts(query: string, products: readonly Product[]): Product[] {
  const terms = queryTerms(query);
  const ranked: Ranked[] = [];
  for (const product of products) {
    const { matched, score } = scoreProduct(terms, product);
    if (matched > 0) ranked.push({ product, matched, score });
  }
  ranked.sort(
    (a, b) =>
      b.matched - a.matched ||
      b.score - a.score ||
      b.product.createdAt - a.product.createdAt ||
      (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0),
  );
  return ranked.map((r) => r.product);
}

/**
 * How many query words a product matches and how well. Two adjacent words
 * that match better joined ("ear buds" → "Earbuds") count as two matched
 * words with the joined word's score each.
 */
function scoreProduct({ words, joined }: { words: string[]; joined: string[] }, product: Product): { matched: number; score: number } {
  const fields = productWords(product);
  const single = words.map((word) => scoreTerm(word, fields));
  const scores: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? scoreTerm(joined[i], fields) : 0;
    if (pair > Math.max(single[i], single[i + 1])) {
      scores.push(pair, pair);
      i++;
    } else {
      scores.push(single[i]);
    }
  }
  return { matched: scores.filter((s) => s > 0).length, score: scores.reduce((sum, s) => sum + s, 0) };
}

interface ProductWords {
  name: string[];
  nameStems: Set<string>;
  detailStems: Set<string>;
}

function productWords(product: Product): ProductWords {
  const name = searchWords(product.name);
  return { name, nameStems: new Set(name.map(stemOf)), detailStems: new Set(searchWords(product.details).map(stemOf)) };
}

/** One query term's best match in a product (0: none), mirroring the keys of search-keys.ts. */
function scoreTerm(term: string, fields: ProductWords): number {
  const stem = stemOf(term);
  if (fields.nameStems.has(stem)) return SCORE.nameWord;
  if (term.length >= 2 && fields.name.some((word) => word.startsWith(term))) return SCORE.namePrefix;
  if (fields.name.some((word) => soundsAlike(word, term) || deletions(word).includes(term))) return SCORE.nameTypo;
  if (fields.detailStems.has(stem)) return SCORE.detailsWord;
  return 0;
}

/**
 * A typo by sound: a shared phonetic key (search-keys.ts) between words of
 * nearly the same length; the key finds the candidates, the length keeps a
 * long word from matching a short one that merely starts alike.
 */
function soundsAlike(word: string, term: string): boolean {
  if (Math.abs(word.length - term.length) > 2) return false;
  const codes = phoneticCodes(term);
  return phoneticCodes(word).some((code) => codes.includes(code));
}
