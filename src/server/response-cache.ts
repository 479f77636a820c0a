// An in-process cache of serialised API responses, keyed by the data version and the normalised request.
// Entries of older data versions are never hit again and age out of the LRU order.
//
// A body of a packet or more is kept only gzipped (a Buffer, outside the JavaScript heap, a fifth to a tenth of the
// text): nearly every client asks for gzip, and the few that do not get it inflated on the way out. So the whole
// working set of a busy server (every list page, detail and history visitors ask for) fits in a few tens of MB, and
// a miss, which makes a request wait for the embedded database, is rare.
import { promisify } from "node:util";
import { gunzipSync, gzip, gzipSync } from "node:zlib";

const gzipAsync = promisify(gzip);

export type CachedResponse = { body: string; gzipped?: undefined } | { body?: undefined; gzipped: Buffer };

/** gzip is worth it only for bodies larger than a packet. */
export const GZIP_MIN_BYTES = 1024;

/**
 * gzip, in a buffer of its own exact size. zlib returns a small result as a view of its 16 KB output chunk, which
 * would keep the whole chunk alive as long as the cache keeps the answer: 16 KB held for a 600-byte answer, unseen by
 * the cache's byte count (50,000 such entries hold 800 MB).
 */
export function gzipExact(data: string | Buffer, level = 6): Buffer {
  const gzipped = gzipSync(data, { level });
  const exact = Buffer.allocUnsafeSlow(gzipped.length);
  gzipped.copy(exact);
  return exact;
}

/** The cache entry of a response body: large bodies gzipped once, here. */
export function toCachedResponse(body: string): CachedResponse {
  return body.length >= GZIP_MIN_BYTES ? { gzipped: gzipExact(body) } : { body };
}

/**
 * Bodies from this size are gzipped off the server's thread (in libuv's pool): all alerts of a period, 7 MB, take
 * about 100 ms to gzip, which on the server's thread would hold up every other answer meanwhile.
 */
export const GZIP_OFF_THREAD_BYTES = 64 * 1024;

/**
 * How a large body is compressed. "numbers" (the map's points: parallel arrays of coordinates, computed from memory
 * in a millisecond or two, so that their compression is most of an uncached answer's time) take level 1, in about
 * half the time of level 4 with the filtered strategy for 16% more bytes (15,000 points: 161 KB against 138 KB; level
 * 6: 137 KB in three times level 4's time); every other answer keeps level 6, whose longer matches shrink repeated
 * keys (all alerts of a period: 167 KB at level 6, 261 KB at level 4).
 */
export type Compression = "text" | "numbers";

const GZIP_CHUNK_BYTES = 512 * 1024;

/** toCachedResponse, with large bodies gzipped off the server's thread. */
export async function toCachedResponseAsync(
  body: string | Buffer,
  compression: Compression = "text",
): Promise<CachedResponse> {
  if (body.length < GZIP_OFF_THREAD_BYTES) {
    return toCachedResponse(typeof body === "string" ? body : body.toString("utf8"));
  }
  // One output chunk for the whole answer: zlib's default 16 KB chunks each cost a round trip to the pool, about a
  // fifth of the time of a 500 KB answer's compression on a busy server.
  const gzipped = await gzipAsync(body, {
    level: compression === "numbers" ? 1 : 6,
    chunkSize: GZIP_CHUNK_BYTES,
  });
  const exact = Buffer.allocUnsafeSlow(gzipped.length);
  gzipped.copy(exact);
  return { gzipped: exact };
}

/** The body as text (inflated when it is kept gzipped). */
export function bodyText(entry: CachedResponse): string {
  return entry.body ?? gunzipSync(entry.gzipped).toString("utf8");
}

/** What an entry holds in memory, about: its text or its gzipped bytes, plus the key and bookkeeping. */
function sizeOf(key: string, entry: CachedResponse): number {
  return 200 + key.length * 2 + (entry.gzipped ? entry.gzipped.buffer.byteLength : entry.body.length * 2);
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  /** At most `maxEntries` answers and about `maxBytes` of memory (see sizeOf). */
  constructor(
    private readonly maxEntries = 50_000,
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
    if (previous) this.bytes -= sizeOf(key, previous);
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(key, entry);
    this.evict();
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const entry = this.entries.get(oldest.value);
      if (entry) this.bytes -= sizeOf(oldest.value, entry);
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

/**
 * The bodies of cached answers as plain bytes, for the clients that do not take gzip, so that a hot answer is not
 * inflated and encoded again on every request: the most recently sent, within `maxBytes`.
 */
export class IdentityBodies {
  private readonly bodies = new Map<CachedResponse, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  get(entry: CachedResponse): Buffer {
    let body = this.bodies.get(entry);
    if (body) {
      this.bodies.delete(entry);
      this.bodies.set(entry, body);
      return body;
    }
    body = entry.gzipped ? gunzipSync(entry.gzipped) : Buffer.from(entry.body);
    if (body.length > this.maxBytes / 4) return body;
    this.bodies.set(entry, body);
    this.bytes += body.length;
    while (this.bytes > this.maxBytes) {
      const oldest = this.bodies.entries().next();
      if (oldest.done) break;
      this.bytes -= oldest.value[1].length;
      this.bodies.delete(oldest.value[0]);
    }
    return body;
  }
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
