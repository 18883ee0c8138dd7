/**
 * One of a thing per server process, opened on first use and kept on
 * globalThis: Next bundles each route apart, and a per-module value would
 * give each bundle its own (the data store's change feeds would split). An
 * open that fails is forgotten, so the next call tries again rather than
 * answering every later request with the first failure.
 */
export function processSingleton<T>(name: string, open: () => Promise<T>): Promise<T> {
  const key = Symbol.for(`storefront.${name}`);
  const g = globalThis as typeof globalThis & Record<symbol, Promise<T> | undefined>;
  const held = g[key];
  if (held) return held;
  const opening = open().catch((error: unknown) => {
    delete g[key];
    throw error;
  });
  g[key] = opening;
  return opening;
}
