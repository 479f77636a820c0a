// The rating alerts of a few facilities (`/api/alerts?period=...&ccn=...`), answered from memory. Visitors' saved
// facilities and compare lists ask for alerts of their own few CCNs, so nearly every such request is a combination
// never asked before: at 4% of a busy server's requests, each a statement on the embedded database's single thread,
// they queued behind one another and made the slowest answers of the mix. Instead, the first such request of a
// period reads every facility's alert of the period once (a few MB of JSON text, about 0.1 s), kept per data
// version, and later requests join the texts of their CCNs, byte for byte what the SQL path (listAlerts) returns.
import type { AlertPeriod } from "../core/constants.ts";
import type { Queryable } from "../db/client.ts";
import { alertFields, selectList } from "../db/list-item.ts";

/** PostgreSQL's json_agg writes its elements apart with this. */
const JSON_AGG_SEPARATOR = ", \n ";

/** A facility's alert of a period, as the JSON text of `/api/alerts`'s element, by CCN. */
export type AlertTexts = ReadonlyMap<string, string>;

export async function readAlertTexts(db: Queryable, period: AlertPeriod): Promise<AlertTexts> {
  const rows = await db.query<{ ccn: string; text: string }>(
    `SELECT t.ccn, row_to_json(t)::text AS text FROM (
       SELECT a.ccn, 'Overall Rating' AS "ratingMetric", ${selectList(alertFields("a"))} FROM rating_alert a
       WHERE a.period = $1) t`,
    [period],
  );
  return new Map(rows.map((row) => [row.ccn, row.text]));
}

/** The answer of `/api/alerts` for these CCNs: their alerts in CCN order (those without one are left out). */
export function alertsOf(texts: AlertTexts, ccns: readonly string[]): string {
  const found = [...new Set(ccns)]
    .sort()
    .map((ccn) => texts.get(ccn))
    .filter((text): text is string => text !== undefined);
  return found.length === 0 ? "[]" : `[${found.join(JSON_AGG_SEPARATOR)}]`;
}

/** How many CCNs a request may ask for and still be answered from memory (beyond it, one query is as quick). */
export const MEMORY_CCNS = 200;

/**
 * The alert texts of the served data version, per period, read in the background on first use (one read at a time
 * per period); a request before they are read is answered by SQL.
 */
export class AlertTextsHolder {
  private version: string | null = null;
  private readonly texts = new Map<AlertPeriod, AlertTexts>();
  private readonly reading = new Map<AlertPeriod, Promise<void>>();

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Whether the texts of `period` of the version last asked for are in memory. */
  has(period: AlertPeriod): boolean {
    return this.texts.has(period);
  }

  /** The texts of `period` under `version`, or null (and a read starts) when they are not in memory yet. */
  get(version: string, period: AlertPeriod): AlertTexts | null {
    if (this.version !== version) {
      this.version = version;
      this.texts.clear();
      this.reading.clear();
    }
    const known = this.texts.get(period);
    if (known) return known;
    if (!this.reading.has(period)) {
      const read = readAlertTexts(this.db, period).then(
        (texts) => {
          if (this.version === version) this.texts.set(period, texts);
        },
        (error: unknown) => {
          this.onError(error);
          // Asked again on a later request.
          setTimeout(() => {
            if (this.reading.get(period) === read) this.reading.delete(period);
          }, 10_000).unref();
        },
      );
      this.reading.set(period, read);
    }
    return null;
  }
}
