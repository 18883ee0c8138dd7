// A size-bounded map, least recently used first out: where the 'use cache'
// handler keeps its entries. Next never evicts a handler's entries itself,
// so the bound is the handler's.

export class MemoryLru {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** @type {Map<string, { value: unknown, size: number }>} */
    this.entries = new Map();
  }

  get(key) {
    const found = this.entries.get(key);
    if (!found) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.value;
  }

  set(key, value, size) {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, { size: oldSize }] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldSize;
    }
  }

  delete(key) {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.bytes -= found.size;
  }
}
