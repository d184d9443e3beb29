/**
 * The one in-memory cache of the platform (docs/operations.md "Memory bounds"): anything kept
 * across requests under a key a caller can influence (an id, a slug, a window, a subject of a
 * rate limit) lives in an LruCache, bounded both in entries and in approximate bytes, and gives
 * up its least recently used entries first when either bound is reached. A Map keeps insertion
 * order, so moving an entry to the end on each use makes the first one the least recently used.
 */

/** Both bounds are required: a count alone lets large keys or values grow without limit. */
export interface LruBounds {
  maxEntries: number;
  maxBytes: number;
}

export interface LruOptions<V> extends LruBounds {
  /**
   * Approximate bytes a value holds (its key is counted by the cache); 0 when not given. An
   * estimate is enough: the bound is about orders of magnitude, not exact heap use.
   */
  sizeOf?: (value: V) => number;
}

/** What a Map entry and its record cost beyond the key and the value, roughly (V8, 64-bit). */
export const ENTRY_OVERHEAD_BYTES = 64;

/** A JavaScript string holds up to two bytes per UTF-16 code unit. */
export const stringBytes = (text: string): number => 2 * text.length;

interface Entry<V> {
  value: V;
  bytes: number;
}

export class LruCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #bytes = 0;
  readonly #sizeOf: (value: V) => number;

  constructor(private readonly options: LruOptions<V>) {
    if (!(options.maxEntries >= 1) || !(options.maxBytes >= 1)) throw new Error('an LruCache needs both bounds');
    this.#sizeOf = options.sizeOf ?? (() => 0);
  }

  /** Entries held now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Approximate bytes held now (keys, values and per-entry overhead). */
  get bytes(): number {
    return this.#bytes;
  }

  get bounds(): LruBounds {
    return { maxEntries: this.options.maxEntries, maxBytes: this.options.maxBytes };
  }

  /** The value, which becomes the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /**
   * Stores the value as the most recently used, then evicts the least recently used entries
   * until both bounds hold. A single entry larger than `maxBytes` is not kept at all.
   */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = stringBytes(key) + this.#sizeOf(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.options.maxEntries || this.#bytes > this.options.maxBytes) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Keys from least to most recently used (tests, diagnostics). */
  keys(): string[] {
    return [...this.#entries.keys()];
  }
}
