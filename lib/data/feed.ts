/**
 * A tiny in-process fan-out: many subscribers per key, one emit reaches them
 * all. Adapters use it so that one database listener (or one write) serves
 * every open browser tab in this server process.
 */
import { log } from "@/lib/log";
export class Fanout<Key, Payload> {
  private readonly listeners = new Map<Key, Set<(payload: Payload) => void>>();

  subscribe(key: Key, listener: (payload: Payload) => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(key);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(key);
    };
  }

  has(key: Key): boolean {
    return (this.listeners.get(key)?.size ?? 0) > 0;
  }

  /** A throwing listener is logged and skipped: one broken tab must not starve the others. */
  emit(key: Key, payload: Payload): void {
    const set = this.listeners.get(key);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (error) {
        log.error("store.change_listener_failed", "A change listener failed", error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
