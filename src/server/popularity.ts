// Which answers visitors ask for most: every cached read counts its request (path and query, as sent). After a load,
// the server computes the answers of the most asked before it serves the new data; it also keeps the list in the
// database (every minute and when it stops), so that a server that starts, or another server on the same PostgreSQL
// database, warms the same answers before it answers its first request. Counts decay (halved at every save), so the
// list follows what visitors ask for now.
import type { Queryable } from "../db/client.ts";

/** How many of the most asked requests are kept and warmed. */
export const POPULAR_KEPT = 300;
/** Distinct requests counted between two saves (beyond it, new ones are not counted until the next save). */
const MAX_COUNTED = 20_000;

export class Popularity {
  private readonly counts = new Map<string, number>();

  hit(path: string): void {
    const count = this.counts.get(path);
    if (count !== undefined) this.counts.set(path, count + 1);
    else if (this.counts.size < MAX_COUNTED) this.counts.set(path, 1);
  }

  /** The `limit` most asked requests, most asked first. */
  top(limit = POPULAR_KEPT): string[] {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([path]) => path);
  }

  /** Adds the saved list (at start) to the counts. */
  async load(db: Queryable): Promise<void> {
    const rows = await db.query<{ path: string; hits: number }>(
      "SELECT path, hits FROM popular_request ORDER BY hits DESC, path LIMIT $1",
      [POPULAR_KEPT],
    );
    for (const { path, hits } of rows) this.counts.set(path, (this.counts.get(path) ?? 0) + hits);
  }

  /** Saves the most asked requests, keeps the database's list to POPULAR_KEPT, and halves every count. */
  async save(db: Queryable): Promise<void> {
    const top = [...this.counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, POPULAR_KEPT);
    if (top.length > 0) {
      await db.query(
        `INSERT INTO popular_request (path, hits, seen_at)
         SELECT path, hits, now() FROM unnest($1::text[], $2::float8[]) AS t(path, hits)
         ON CONFLICT (path) DO UPDATE SET hits = EXCLUDED.hits, seen_at = now()`,
        [top.map(([path]) => path), top.map(([, hits]) => hits)],
      );
    }
    await db.query(
      `DELETE FROM popular_request WHERE path NOT IN
         (SELECT path FROM popular_request ORDER BY hits DESC, seen_at DESC LIMIT $1)`,
      [POPULAR_KEPT],
    );
    for (const [path, count] of this.counts) {
      if (count < 1) this.counts.delete(path);
      else this.counts.set(path, count / 2);
    }
  }
}
