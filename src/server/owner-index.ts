// Owner suggestions from memory (GET /api/owners?q=, docs/api.md "Ownership"): every owner's normalised name and
// current facilities, read once per data version in the list's order (most facilities first, then by name), so that
// a suggestion is a scan that stops at the 20th match: a few milliseconds for the nation's owners, where SQL over a
// trigram index has to fetch and sort every match of a common word. As points-memory.ts does for the map, the copy
// is read in the background when a server first needs it for a data version; until then SQL answers.
import { OWNER_SUGGESTIONS, type OwnerSuggestion, ownerPath } from "../core/ownership.ts";
import type { Queryable } from "../db/client.ts";
import { type OwnerSummaryRow, READ_OWNER_SUMMARIES } from "./ownership-repository.ts";
import { DATA_VERSION_SQL } from "./repository.ts";

/** After a failed read, the next is tried no sooner than this. */
const RETRY_MS = 5000;

export class OwnerIndex {
  private constructor(
    readonly version: string,
    private readonly rows: OwnerSummaryRow[],
  ) {}

  /** The copy of the owners with the data version it is of. */
  static async read(db: Queryable): Promise<OwnerIndex> {
    const [row] = await db.query<{ version: string | null; rows: string | null }>(
      `SELECT (${DATA_VERSION_SQL}) AS version, (${READ_OWNER_SUMMARIES}) AS rows`,
    );
    return new OwnerIndex(row?.version ?? "0", row?.rows ? (JSON.parse(row.rows) as OwnerSummaryRow[]) : []);
  }

  /** Up to 20 owners whose normalised name holds every word, in the order of suggestSQL. */
  search(words: readonly string[]): OwnerSuggestion[] {
    const found: OwnerSuggestion[] = [];
    for (const [type, name, nameKey, facilities] of this.rows) {
      if (!words.every((word) => nameKey.includes(word))) continue;
      found.push({ name, type, facilities, path: ownerPath(type, name) });
      if (found.length === OWNER_SUGGESTIONS) break;
    }
    return found;
  }
}

/** The index of the newest data version read, and its background reads. */
export class OwnerIndexHolder {
  private current: OwnerIndex | null = null;
  private building: Promise<void> | null = null;
  private readonly asked = new Set<string>();

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The index of `version` when it is read; otherwise null, and its read starts (unless one runs). */
  get(version: string): OwnerIndex | null {
    if (this.current?.version === version) return this.current;
    if (this.building || this.asked.has(version)) return null;
    this.asked.add(version);
    if (this.asked.size > 100) this.asked.delete(this.asked.values().next().value as string);
    this.building = OwnerIndex.read(this.db)
      .then((index) => {
        this.current = index;
        // Newer data came meanwhile: read again when next asked.
        if (index.version !== version) this.asked.delete(version);
      })
      .catch((error: unknown) => {
        this.onError(error);
        setTimeout(() => this.asked.delete(version), RETRY_MS).unref();
      })
      .finally(() => {
        this.building = null;
      });
    return null;
  }
}
