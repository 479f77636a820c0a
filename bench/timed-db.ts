// A Db that times every statement (and every transaction as a whole) of whoever uses it, for the benchmarks: the
// statements over a threshold are kept with when they started, so that a slow request or a long load can be traced
// to the statements that held the database. Wrapping adds no work to the statements themselves.
// On PGlite a statement's time includes its wait for the database (one statement runs at a time).
import type { Db, Queryable } from "../src/db/client.ts";

export interface SlowStatement {
  /** Who ran it (the label of the wrapper). */
  label: string;
  /** "query", "exec" or "transaction" (the whole transaction, its statements included). */
  kind: "query" | "exec" | "transaction";
  /** Start, as performance.timeOrigin + performance.now() (ms since the epoch, fractional). */
  startedAt: number;
  ms: number;
  /** The statement's text, whitespace collapsed, cut at 160 characters. */
  sql: string;
}

const now = () => performance.timeOrigin + performance.now();

function shorten(sql: string): string {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

export class StatementLog {
  /** The statement shapes that took the most time in all, most first. */
  heaviest(count = 15): { shape: string; statements: number; ms: number }[] {
    return [...this.byShape.entries()]
      .map(([shape, total]) => ({ shape, ...total }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
  }

  readonly slow: SlowStatement[] = [];
  /** Every statement's count and total time per label (all statements, not only the slow ones). */
  readonly totals = new Map<string, { statements: number; ms: number }>();
  /** Every statement's count and total time per shape (its first 100 characters, whitespace collapsed). */
  readonly byShape = new Map<string, { statements: number; ms: number }>();

  constructor(readonly thresholdMs = 200) {}

  private record(label: string, kind: SlowStatement["kind"], sql: string, startedAt: number): void {
    const ms = now() - startedAt;
    if (kind !== "transaction") {
      const total = this.totals.get(label) ?? { statements: 0, ms: 0 };
      total.statements += 1;
      total.ms += ms;
      this.totals.set(label, total);
      const shape = sql.replace(/\s+/g, " ").trim().slice(0, 100);
      const same = this.byShape.get(shape) ?? { statements: 0, ms: 0 };
      same.statements += 1;
      same.ms += ms;
      this.byShape.set(shape, same);
    }
    if (ms >= this.thresholdMs) this.slow.push({ label, kind, startedAt, ms, sql: shorten(sql) });
  }

  private wrapQueryable(q: Queryable, label: string): Queryable {
    return {
      query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) => {
        const startedAt = now();
        try {
          return await q.query<T>(sql, params);
        } finally {
          this.record(label, "query", sql, startedAt);
        }
      },
      exec: async (sql: string) => {
        const startedAt = now();
        try {
          await q.exec(sql);
        } finally {
          this.record(label, "exec", sql, startedAt);
        }
      },
    };
  }

  /**
   * The same database, its statements timed under `label`. `beforeEach` runs before each statement and transaction
   * outside a transaction (an experiment: what a longer yield between a load's steps would give requests).
   */
  wrap(db: Db, label: string, beforeEach?: () => Promise<void>): Db {
    const timed = this.wrapQueryable(db, label);
    return {
      kind: db.kind,
      query: async (sql, params) => {
        await beforeEach?.();
        return timed.query(sql, params);
      },
      exec: async (sql) => {
        await beforeEach?.();
        return timed.exec(sql);
      },
      transaction: async (fn) => {
        await beforeEach?.();
        const startedAt = now();
        let first = "";
        try {
          return await db.transaction((tx) => {
            const inner = this.wrapQueryable(tx, label);
            return fn({
              query: (sql, params) => {
                first ||= sql;
                return inner.query(sql, params);
              },
              exec: (sql) => {
                first ||= sql;
                return inner.exec(sql);
              },
            });
          });
        } finally {
          this.record(label, "transaction", `BEGIN; ${first} ...`, startedAt);
        }
      },
      tryLock: (name) => db.tryLock(name),
      close: () => db.close(),
    };
  }

  /** The slow statements, longest first. */
  slowest(n: number, label?: string): SlowStatement[] {
    return this.slow
      .filter((s) => label === undefined || s.label === label)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, n);
  }
}
