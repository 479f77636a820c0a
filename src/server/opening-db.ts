// The database as the server holds it from its first second: the process listens (and the app answers) before the
// database is open, which takes seconds for a new embedded database. Until `open()` hands it the real one, every
// statement fails at once with DatabaseOpening, which the app answers as a 503 with Retry-After (and /api/meta as
// "Opening the database"), so no request waits for the opening.
import type { Db, Queryable } from "../db/client.ts";

/** A statement asked for before the database is open. */
export class DatabaseOpening extends Error {
  constructor() {
    super("The server is starting and its database is not open yet. Try again in a moment.");
    this.name = "DatabaseOpening";
  }
}

export interface OpeningDb {
  /** The database to hand to the app and the loader: the real one once open, failing fast before. */
  readonly db: Db;
  /** Hands over the opened (and migrated) database. */
  open(db: Db): void;
  readonly isOpen: () => boolean;
  /** Resolves when the database is open. */
  readonly opened: Promise<Db>;
}

export function openingDb(kind: Db["kind"]): OpeningDb {
  let real: Db | null = null;
  let resolveOpened: (db: Db) => void = () => {};
  const opened = new Promise<Db>((resolve) => {
    resolveOpened = resolve;
  });
  const current = (): Db => {
    if (!real) throw new DatabaseOpening();
    return real;
  };
  const db: Db = {
    kind,
    query: async (sql, params) => current().query(sql, params),
    exec: async (sql) => current().exec(sql),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => current().transaction(fn),
    tryLock: async (name) => current().tryLock(name),
    // Closing a database that never opened closes nothing.
    close: async () => real?.close(),
  };
  return {
    db,
    open(database) {
      real = database;
      resolveOpened(database);
    },
    isOpen: () => real !== null,
    opened,
  };
}
