// Small memories of work done per request URL, so that the requests that repeat (nearly all of a busy server's) skip
// it: the checks of the URL, the parsing of a list query, the cached answers ready to send (fast-answers.ts).
// Bounded: when full, they start again empty (the URLs visitors repeat come back at once).

/** A set of at most `max` strings. */
export class BoundedSet {
  private readonly items = new Set<string>();
  constructor(private readonly max: number) {}
  has(item: string): boolean {
    return this.items.has(item);
  }
  add(item: string): void {
    if (this.items.size >= this.max) this.items.clear();
    this.items.add(item);
  }
}

/** Values computed from a key, at most `max` kept; a computation that throws keeps nothing. */
export class BoundedMemo<T> {
  private readonly values = new Map<string, T>();
  constructor(private readonly max: number) {}
  get(key: string, compute: () => T): T {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}

/** A map of at most `max` entries. */
export class BoundedMap<T> {
  private readonly values = new Map<string, T>();
  constructor(private readonly max: number) {}
  get(key: string): T | undefined {
    return this.values.get(key);
  }
  set(key: string, value: T): void {
    if (this.values.size >= this.max && !this.values.has(key)) this.values.clear();
    this.values.set(key, value);
  }
}
