/**
 * Many guest shoppers adding to their carts at once through the real
 * addToCartAction server action, with a ledger of what was attempted and what was
 * acknowledged, so a spec can hold the database to account afterwards.
 *
 * Acknowledged means the HTTP answer arrived and decoded to `{ ok: true }`:
 * only then has the shop promised the write. A request that failed in flight
 * (the server was killed) may or may not have committed; it is "attempted".
 */
import { actionId, callAction, CookieJar } from "./server-actions";

const CART_COOKIE = "sf_cart";
// Generous: an add is judged on whether it was counted, not on how fast (the bench
// measures that). 500 adds at once on the Firestore emulator queued for up to 23 s.
const CALL_TIMEOUT_MS = 90_000;

/** A small seeded generator (mulberry32), so a failing plan can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Shopper {
  name: string;
  jar: CookieJar;
  /** Product ids in the order this shopper adds them; repeats make line quantities grow. */
  plan: string[];
}

/**
 * `count` shoppers with `addsEach` adds spread over 2 to 4 random products
 * each, so every shopper adds at least one product several times.
 */
export function planShoppers(count: number, addsEach: number, productIds: readonly string[], random: () => number): Shopper[] {
  const pick = (n: number) => Math.floor(random() * n);
  return Array.from({ length: count }, (_, index) => {
    const pool = [...productIds];
    const distinct = Math.min(2 + pick(3), pool.length);
    const chosen = Array.from({ length: distinct }, () => pool.splice(pick(pool.length), 1)[0]);
    const plan = Array.from({ length: addsEach }, (_, i) => (i < distinct ? chosen[i] : chosen[pick(distinct)]));
    // Shuffled, so the repeats of one product are not all at the end.
    for (let i = plan.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [plan[i], plan[j]] = [plan[j], plan[i]];
    }
    return { name: `shopper-${index}`, jar: new CookieJar(), plan };
  });
}

/** The cart owner the shop keys this shopper's cart by, once it has its cookie. */
export function ownerOf(shopper: Shopper): string | null {
  const id = shopper.jar.get(CART_COOKIE);
  return id ? `guest:${id}` : null;
}

export interface AddOutcome {
  shopper: Shopper;
  productId: string;
  acknowledged: boolean;
  /** The answer's `created` flag, for acknowledged adds. */
  created: boolean;
  /** Milliseconds from sending to the decoded answer (or the failure). */
  ms: number;
  /** Why an add was not acknowledged. */
  failure?: string;
}

export type AddResult = { ok: true; created: boolean; item: { id: string } } | { ok: false; code: string; error: string };

/** The addToCartAction server action of the build in E2E_DIST_DIR. */
export function addToCartActionId(): string {
  return actionId("lib/cart/actions.ts", "addToCartAction");
}

/** One add through HTTP, as the shop's Add to Cart button sends it. */
export async function addOnce(baseURL: string, id: string, shopper: Shopper, productId: string): Promise<AddOutcome> {
  const started = performance.now();
  const outcome = (acknowledged: boolean, created: boolean, failure?: string): AddOutcome => ({
    shopper,
    productId,
    acknowledged,
    created,
    ms: performance.now() - started,
    failure,
  });
  try {
    const answer = await withTimeout(
      callAction<AddResult>({ baseURL, id, args: [productId], jar: shopper.jar, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
    );
    const result = answer.result;
    if (!result) return outcome(false, false, `HTTP ${answer.status}: ${(answer.text ?? "").slice(0, 200)}`);
    if (!result.ok) return outcome(false, false, `${result.code}: ${result.error}`);
    if (result.item.id !== productId) return outcome(false, false, `answered for ${result.item.id}`);
    return outcome(true, result.created);
  } catch (error) {
    return outcome(false, false, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/** The Flight decoder waits on its stream; this bounds it even if a cut stream never settles. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS + 1_000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every shopper at once. A shopper's first add goes alone (it is the one that
 * receives the cart cookie, exactly as in a browser); the rest of its plan then
 * goes out concurrently. `onOutcome` sees each outcome as it lands (the crash
 * spec kills the server from there).
 */
export async function runShoppers(
  baseURL: string,
  id: string,
  shoppers: readonly Shopper[],
  onOutcome: (outcome: AddOutcome) => void = () => {},
): Promise<AddOutcome[]> {
  const outcomes: AddOutcome[] = [];
  const add = async (shopper: Shopper, productId: string) => {
    const outcome = await addOnce(baseURL, id, shopper, productId);
    outcomes.push(outcome);
    onOutcome(outcome);
    return outcome;
  };
  await Promise.all(
    shoppers.map(async (shopper) => {
      const [first, ...rest] = shopper.plan;
      await add(shopper, first);
      // Without its cookie the shopper has no cart to add to: the rest would each start a new one.
      if (!ownerOf(shopper)) return;
      await Promise.all(rest.map((productId) => add(shopper, productId)));
    }),
  );
  return outcomes;
}

/** Per (owner, product): how many adds were sent, acknowledged, and acknowledged with `created`. */
interface LineTally {
  owner: string;
  productId: string;
  attempted: number;
  acknowledged: number;
  created: number;
}

/**
 * Tallies outcomes by the cart line they target. Shoppers that never got a
 * cookie have no known owner and are left out (see `cookieless`).
 */
export function tally(outcomes: readonly AddOutcome[]): Map<string, LineTally> {
  const lines = new Map<string, LineTally>();
  for (const outcome of outcomes) {
    const owner = ownerOf(outcome.shopper);
    if (!owner) continue;
    const key = lineKey(owner, outcome.productId);
    const line = lines.get(key) ?? { owner, productId: outcome.productId, attempted: 0, acknowledged: 0, created: 0 };
    line.attempted += 1;
    if (outcome.acknowledged) line.acknowledged += 1;
    if (outcome.acknowledged && outcome.created) line.created += 1;
    lines.set(key, line);
  }
  return lines;
}

/**
 * Adds sent by shoppers that never received their cookie (their first add was
 * cut off). Each may have created a one-unit cart nobody can name any more.
 */
export function cookieless(outcomes: readonly AddOutcome[]): AddOutcome[] {
  return outcomes.filter((outcome) => !ownerOf(outcome.shopper));
}

export function lineKey(owner: string, productId: string): string {
  return `${owner}\u0000${productId}`;
}

interface LoadFigures {
  adds: number;
  acknowledged: number;
  seconds: number;
  addsPerSecond: number;
  p50: number;
  p99: number;
}

/** Throughput and latency of the acknowledged adds. */
export function figures(outcomes: readonly AddOutcome[], seconds: number): LoadFigures {
  const latencies = outcomes
    .filter((o) => o.acknowledged)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] : NaN);
  return {
    adds: outcomes.length,
    acknowledged: latencies.length,
    seconds,
    addsPerSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

export function describeFigures(label: string, f: LoadFigures): string {
  return (
    `${label}: ${f.acknowledged}/${f.adds} adds acknowledged in ${f.seconds.toFixed(1)} s ` +
    `(${f.addsPerSecond.toFixed(0)} adds/s), latency p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms`
  );
}
