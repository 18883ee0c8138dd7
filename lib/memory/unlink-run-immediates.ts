/**
 * Keeps a run `setImmediate` callback from holding the others of its batch.
 *
 * Node runs a batch of Immediates by walking their `_idleNext` links and
 * leaves each run one linked to its neighbours (lib/internal/timers.js,
 * processImmediate; nodejs/node#66129). Each Immediate also carries the async
 * context it was made in (an AsyncLocalStorage store: a request's work
 * store, its cache fills). So anything that keeps one run Immediate keeps its
 * whole batch and every request those callbacks belonged to. In the shop,
 * React's abort reason for a finished `'use cache'` fill is an Error whose
 * stack is never formatted, so V8 keeps its frames' receivers, among them
 * the Immediate that ended the render (vercel/next.js#97899); a request
 * still in flight keeps the fill. Under steady load renders kept each other
 * and a self-hosted process grew by about 1 MB per unique page rendered
 * (docs/BENCHMARKS.md §13).
 *
 * The rule kept here: as an Immediate starts running, the links between it
 * and the one that ran just before it are cut. Node has already moved from
 * that one to this one, and reads this one's `_idleNext` only after its
 * callback returns; both are marked `_destroyed` by then, so
 * `clearImmediate` never walks their links again. Nothing else changes: the
 * callback runs with the same `this` (the Immediate) and arguments, and
 * `util.promisify(setImmediate)` keeps Node's own promise form.
 *
 * It relies on Node's private fields; `unlinkRunImmediates` checks their
 * shape first and installs nothing (returns false) where they differ, so a
 * Node that changed them runs unpatched rather than broken.
 */

/** The fields of Node's Immediate this relies on. */
interface LinkedImmediate {
  _idleNext: LinkedImmediate | null;
  _idlePrev: LinkedImmediate | null;
  _destroyed: boolean;
}

type SetImmediate = typeof globalThis.setImmediate;

const INSTALLED = Symbol.for("storefront.unlinkRunImmediates");
type Timers = { setImmediate: SetImmediate; clearImmediate: typeof globalThis.clearImmediate };
type PatchedSetImmediate = SetImmediate & { [INSTALLED]?: true };

/** Whether `immediate` has the linked-list fields of Node's Immediate. */
function hasLinks(immediate: object): immediate is LinkedImmediate {
  return "_idleNext" in immediate && "_idlePrev" in immediate && "_destroyed" in immediate;
}

/** Cuts the links between the Immediate about to run and the one run before it. */
function unlinkFromPrevious(immediate: LinkedImmediate): void {
  const previous = immediate._idlePrev;
  if (previous && previous._destroyed && previous._idleNext === immediate) previous._idleNext = null;
  immediate._idlePrev = null;
}

/**
 * Replaces `timers.setImmediate` (globalThis's by default) with one whose
 * callbacks unlink as they start; once per process. False when Node's
 * Immediate does not have the fields above (then nothing is replaced).
 */
export function unlinkRunImmediates(timers: Timers = globalThis): boolean {
  const original = timers.setImmediate as PatchedSetImmediate;
  if (original[INSTALLED]) return true;
  const probe = original(() => {});
  timers.clearImmediate(probe);
  if (!hasLinks(probe)) return false;

  function setImmediateUnlinked<A extends unknown[]>(callback: (...args: A) => void, ...args: A): NodeJS.Immediate {
    // Anything but a function: Node's own error, unchanged.
    if (typeof callback !== "function") return original(callback, ...args);
    const immediate = original(
      function runUnlinked(this: unknown, ...callArgs: A) {
        unlinkFromPrevious(immediate as unknown as LinkedImmediate);
        return callback.apply(this, callArgs);
      },
      ...args,
    );
    return immediate;
  }
  const patched = Object.assign(setImmediateUnlinked, original, { [INSTALLED]: true as const });
  // Node's promise form (util.promisify.custom) is a symbol-keyed own property: copied above.
  timers.setImmediate = patched as unknown as SetImmediate;
  return true;
}
