// An in-process cache of serialised API responses, keyed by the data version and the normalised request.
// Entries of older data versions are never hit again and age out of the LRU order.
import { gzipSync } from "node:zlib";

export interface CachedResponse {
  body: string;
  gzipped?: Buffer;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  /**
   * At most `maxEntries` answers and about `maxBytes` of memory (see sizeOf): without the byte bound, a thousand
   * wide list pages hold more than 100 MB.
   */
  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 48 * 1024 * 1024,
  ) {}

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    const previous = this.entries.get(key);
    if (previous) this.bytes -= sizeOf(previous);
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.evict();
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const entry = this.entries.get(oldest.value);
      if (entry) this.bytes -= sizeOf(entry);
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The memory the entries hold, as counted. */
  get byteSize(): number {
    return this.bytes;
  }
}

/** The string (2 bytes a character) and room for its gzipped copy (JSON compresses to well under a quarter). */
function sizeOf(entry: CachedResponse): number {
  return entry.body.length * 2 + Math.ceil(entry.body.length / 4);
}

/** gzip is worth it only for bodies larger than a packet. */
export const GZIP_MIN_BYTES = 1024;

export function gzipOnce(entry: CachedResponse): Buffer {
  entry.gzipped ??= gzipSync(entry.body, { level: 6 });
  return entry.gzipped;
}

/** A short, stable hash (FNV-1a) for ETags. */
export function hashKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
