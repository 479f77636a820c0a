// What is stored of every facility's quality measures (quality_mds, quality_claims; migration 0022), held by a load
// run in memory so that each file's rows are sorted without asking the database which of them change anything:
// - a row no stored row matches, or one at least as new as the stored row with other values: written whole (the
//   merge of load-quality.ts, every quarter or the period replaced);
// - a row older than the stored row: only what no release has reported yet is written, the MDS quarters the stored
//   row lacks or the claims period it lacks (a backfill of older archives adds, per row, the quarter that ends its
//   four, not four quarters);
// - anything else (the same values again, or older values of quarters already reported): nothing.
// It is read from the database once per run and kind (about a second for a national history), then kept in step
// with what each file's transaction commits. A summary that does not know a quarter or a period (more than 64 in a
// run) says it is not reported, which writes it again: the SQL merge, which has the last word, leaves it as it is.
import type { Queryable } from "../db/client.ts";
import { type QualityRelease, type QualityRows, rowDigest } from "./parse-quality.ts";
import { pacer, pageRanges } from "./stage.ts";

/** What a file's rows write. */
export interface QualityPlan {
  /** Rows written whole (new rows, and rows at least as new as the stored row with other values). */
  whole: Int32Array;
  /** The digest of each row written whole. */
  digests: string[];
  /**
   * Older rows' values of what no release has reported yet: MDS, one entry per quarter (row, and which of its four
   * quarters); claims, one entry per row (its period). `pass`: the entry's place among its row's entries, so that
   * each UPDATE of a pass writes a row once.
   */
  older: { row: Int32Array; quarter: Int32Array; pass: Int32Array };
  /** Distinct rows of `older`. */
  olderRows: number;
}

/** How many quarters or periods a summary tells apart (two 32-bit words per row). */
const TRACKED = 64;

/** `YYYY-MM-DD` as a comparable number (20261101). */
const dayNumber = (date: string) => Number(date.slice(0, 4) + date.slice(5, 7) + date.slice(8, 10));

/**
 * Pages of a quality table (8 KB, about 9 facility measures each) read per statement: 1,000 pages of a national
 * history's MDS table took 200-250 ms on the embedded database, most of it in passing the rows.
 */
const PAGES_PER_READ = 1000;

export class StoredQuality {
  private readonly ccnIds = new Map<string, number>();
  private readonly codeIds = new Map<string, number>();
  /** ccn id x 4096 + code id -> slot. */
  private readonly slotOf = new Map<number, number>();
  private slots = 0;
  private day = new Int32Array(1024);
  /** The stored digest of each slot. */
  private readonly digest: string[] = [];
  /** Reported quarters (MDS) or periods (claims), as bits of their ids in `keyIds`. */
  private low = new Uint32Array(1024);
  private high = new Uint32Array(1024);
  /** MDS: quarter number -> id; claims: period text -> id. */
  private readonly keyIds = new Map<number | string, number>();

  private constructor(readonly kind: "mds" | "claims") {}

  /** The stored rows of a kind, read from the database; `afterEach` runs between its statements. */
  static async read(
    db: Queryable,
    kind: "mds" | "claims",
    afterEach: () => Promise<void> = async () => {},
  ): Promise<StoredQuality> {
    const stored = new StoredQuality(kind);
    // Read in ranges of the table's pages, so that a national history is never one result of 300,000 objects nor
    // one statement that holds the database for seconds.
    const table = kind === "mds" ? "quality_mds" : "quality_claims";
    for (const range of await pageRanges(db, table, PAGES_PER_READ, "q")) {
      const rows =
        kind === "mds"
          ? await db.query<{
              ccn: string;
              code: string;
              day: number;
              digest: string;
              lo: number;
              marks: string;
            }>(
              `SELECT ccn, code, to_char(release_date, 'YYYYMMDD')::integer AS day, digest,
                 array_lower(footnotes, 1) AS lo,
                 array_to_string(footnotes, ',', '-') AS marks
               FROM quality_mds q WHERE ${range}`,
            )
          : await db.query<{ ccn: string; code: string; day: number; digest: string; periods: string[] }>(
              `SELECT ccn, code, to_char(release_date, 'YYYYMMDD')::integer AS day, digest, periods
               FROM quality_claims q WHERE ${range}`,
            );
      for (const row of rows) {
        const slot = stored.slotFor(row.ccn, row.code);
        stored.day[slot] = row.day;
        stored.digest[slot] = row.digest;
        if ("marks" in row) {
          const marks = row.marks.split(",");
          for (const [at, mark] of marks.entries()) if (mark !== "-") stored.mark(slot, row.lo + at);
        } else for (const period of row.periods) stored.mark(slot, period);
      }
      await afterEach();
    }
    return stored;
  }

  private idOf(map: Map<string, number>, value: string): number {
    let id = map.get(value);
    if (id === undefined) {
      id = map.size;
      map.set(value, id);
    }
    return id;
  }

  /** The slot of a facility's measure, made when new. */
  private slotFor(ccn: string, code: string): number {
    const key = this.idOf(this.ccnIds, ccn) * 4096 + this.idOf(this.codeIds, code);
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.slots;
      this.slots += 1;
      if (slot >= this.day.length) this.grow();
      this.slotOf.set(key, slot);
    }
    return slot;
  }

  private grow(): void {
    const size = this.day.length * 2;
    const day = new Int32Array(size);
    day.set(this.day);
    this.day = day;
    const low = new Uint32Array(size);
    low.set(this.low);
    this.low = low;
    const high = new Uint32Array(size);
    high.set(this.high);
    this.high = high;
  }

  /** The id of a quarter or period, or -1 when the summary tracks no more. */
  private keyId(key: number | string): number {
    let id = this.keyIds.get(key);
    if (id === undefined) {
      if (this.keyIds.size >= TRACKED) return -1;
      id = this.keyIds.size;
      this.keyIds.set(key, id);
    }
    return id;
  }

  private mark(slot: number, key: number | string): void {
    const id = this.keyId(key);
    if (id < 0) return;
    if (id < 32) this.low[slot] = ((this.low[slot] as number) | (1 << id)) >>> 0;
    else this.high[slot] = ((this.high[slot] as number) | (1 << (id - 32))) >>> 0;
  }

  private isMarked(slot: number, key: number | string): boolean {
    const id = this.keyIds.get(key);
    if (id === undefined) return false;
    return id < 32
      ? ((this.low[slot] as number) & (1 << id)) !== 0
      : ((this.high[slot] as number) & (1 << (id - 32))) !== 0;
  }

  /** The slot of each of the file's rows, or -1 for a row no stored row matches. */
  private slotsOf(rows: QualityRows): Int32Array {
    const ccnIds = rows.ccns.map((ccn) => this.ccnIds.get(ccn) ?? -1);
    const codeIds = rows.codes.map((code) => this.codeIds.get(code) ?? -1);
    const slots = new Int32Array(rows.ccn.length);
    for (let row = 0; row < slots.length; row += 1) {
      const ccnId = ccnIds[rows.ccn[row] as number] as number;
      const codeId = codeIds[rows.code[row] as number] as number;
      slots[row] = ccnId < 0 || codeId < 0 ? -1 : (this.slotOf.get(ccnId * 4096 + codeId) ?? -1);
    }
    return slots;
  }

  /**
   * What the release's rows write (see the module's comment). The digests of a national file's newer rows take
   * about a second: requests are let in meanwhile (`afterEach`).
   */
  async plan(
    release: QualityRelease & { rows: QualityRows },
    afterEach: () => Promise<void> = async () => {},
  ): Promise<QualityPlan> {
    const pace = pacer(afterEach);
    const { rows } = release;
    const day = dayNumber(release.processingDate);
    const slots = this.slotsOf(rows);
    const whole: number[] = [];
    const digests: string[] = [];
    const older = { row: [] as number[], quarter: [] as number[], pass: [] as number[] };
    let olderRows = 0;
    for (let row = 0; row < slots.length; row += 1) {
      if ((row & 1023) === 0) await pace();
      const slot = slots[row] as number;
      if (slot < 0) {
        whole.push(row);
        digests.push(rowDigest(rows, row));
        continue;
      }
      if (day >= (this.day[slot] as number)) {
        const digest = rowDigest(rows, row);
        if (digest !== this.digest[slot]) {
          whole.push(row);
          digests.push(digest);
        }
        continue;
      }
      let pass = 0;
      if (this.kind === "mds") {
        const first = rows.firstQuarter[row] as number;
        for (let quarter = 0; quarter < 4; quarter += 1) {
          if (this.isMarked(slot, first + quarter)) continue;
          older.row.push(row);
          older.quarter.push(quarter);
          older.pass.push(pass);
          pass += 1;
        }
      } else if (!this.isMarked(slot, rows.periods[rows.period[row] as number] as string)) {
        older.row.push(row);
        older.quarter.push(0);
        older.pass.push(0);
        pass = 1;
      }
      if (pass > 0) olderRows += 1;
    }
    return {
      whole: Int32Array.from(whole),
      digests,
      older: {
        row: Int32Array.from(older.row),
        quarter: Int32Array.from(older.quarter),
        pass: Int32Array.from(older.pass),
      },
      olderRows,
    };
  }

  /** Once the file's transaction has committed: what it wrote, as the database now has it. */
  commit(release: QualityRelease & { rows: QualityRows }, plan: QualityPlan): void {
    const { rows } = release;
    const day = dayNumber(release.processingDate);
    const period = (row: number) => rows.periods[rows.period[row] as number] as string;
    for (const [at, row] of plan.whole.entries()) {
      const slot = this.slotFor(
        rows.ccns[rows.ccn[row] as number] as string,
        rows.codes[rows.code[row] as number] as string,
      );
      if (day >= (this.day[slot] as number)) {
        this.day[slot] = day;
        this.digest[slot] = plan.digests[at] as string;
      }
      if (this.kind === "mds") {
        const first = rows.firstQuarter[row] as number;
        for (let quarter = 0; quarter < 4; quarter += 1) this.mark(slot, first + quarter);
      } else this.mark(slot, period(row));
    }
    for (const [at, row] of plan.older.row.entries()) {
      const slot = this.slotFor(
        rows.ccns[rows.ccn[row] as number] as string,
        rows.codes[rows.code[row] as number] as string,
      );
      if (this.kind === "mds")
        this.mark(slot, (rows.firstQuarter[row] as number) + (plan.older.quarter[at] as number));
      else this.mark(slot, period(row));
    }
  }
}
