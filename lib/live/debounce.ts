/**
 * Calls `fn` once, `ms` after the last of a burst of calls. A catalogue import
 * of 48 products then refreshes each open page once, not 48 times. (The
 * process's catalogue feed has already expired the cache before each call:
 * lib/catalog/change-feed.ts.)
 */
export function debounce(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        fn();
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
