// An in-process cache of serialised API responses, keyed by the data version and the normalised request.
// Entries of older data versions are never hit again and age out of the LRU order.
import { gzipSync } from "node:zlib";

export interface CachedResponse {
  body: string;
  gzipped?: Buffer;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(private readonly maxEntries = 1000) {}

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
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
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
