// Provider Information's Special Focus Status kept per release (migration 0030, special_focus_release): the homes a
// release lists as a Special Focus Facility or a candidate, written in the transaction that writes the release's
// snapshots, so that the detail can say which months a home was on CMS's list.
import { arrayLiteral } from "../db/array-literal.ts";
import type { Queryable } from "../db/client.ts";
import type { ParsedRelease } from "./parse-release.ts";

/** Deletes the rows of months a load wrote and did not publish (with their snapshots). */
export const DISCARD_UNPUBLISHED_SPECIAL_FOCUS = `
  DELETE FROM special_focus_release s USING staged_month m
    WHERE s.processing_date = m.processing_date
      AND NOT EXISTS (SELECT 1 FROM release r WHERE r.processing_date = m.processing_date);`;

/**
 * Writes the release's special focus homes. A file without the column (a ratings-only export) says nothing of the
 * month and leaves what another file of it wrote; a file with it replaces, for its facilities, what an earlier file
 * of the same month said.
 */
export async function writeSpecialFocus(tx: Queryable, release: ParsedRelease): Promise<void> {
  const arrays = release.snapshotArrays;
  if ((arrays ?? release.fields).specialFocus === undefined) return;
  const ccns = arrays?.ccn ?? arrayLiteral(release.fields.ccn ?? []);
  const statuses = arrays?.specialFocus ?? arrayLiteral(release.fields.specialFocus ?? []);
  await tx.query(
    `DELETE FROM special_focus_release WHERE processing_date = $2::date AND ccn = ANY($1::text[])
       AND EXISTS (SELECT 1 FROM special_focus_release WHERE processing_date = $2::date)`,
    [ccns, release.processingDate],
  );
  await tx.query(
    `INSERT INTO special_focus_release (ccn, processing_date, status)
     SELECT t.ccn, $2::date, t.status FROM unnest($1::text[], $3::text[]) AS t(ccn, status)
     WHERE t.status IS NOT NULL`,
    [ccns, release.processingDate, statuses],
  );
}
