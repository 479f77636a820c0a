// One load at a time writes a database: the command line, the server's first load and its refreshes (in any number
// of server processes on one PostgreSQL database) take this lock first.
import type { Db } from "../db/client.ts";

export const LOAD_LOCK = "cms-dashboard:load";

/**
 * Runs `fn` holding the load lock. Without `wait`, returns null at once when another load holds it; with `wait`,
 * tries again every `pollMs` (telling `onWait` once).
 */
export async function withLoadLock<T>(
  db: Db,
  fn: () => Promise<T>,
  { wait = false, pollMs = 2000, onWait }: { wait?: boolean; pollMs?: number; onWait?: () => void } = {},
): Promise<T | null> {
  let unlock = await db.tryLock(LOAD_LOCK);
  if (!unlock && !wait) return null;
  if (!unlock) onWait?.();
  while (!unlock) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    unlock = await db.tryLock(LOAD_LOCK);
  }
  try {
    return await fn();
  } finally {
    await unlock();
  }
}
