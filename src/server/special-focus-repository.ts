// The SQL of a home's special focus history (docs/api.md, "Special focus and the home's own fields"): the stretches
// of consecutive releases in which CMS listed it as a Special Focus Facility or a candidate, from the releases'
// own lists (special_focus_release, migration 0030).

/**
 * The detail's `specialFocusHistory`, as [API name, SQL over the facility row `alias`]: of the published Provider
 * Information releases that list the home (its snapshots), each run of consecutive ones with the same status
 * (islands: a release's rank among all of them less its rank among those of its status is the same along a run),
 * oldest first. A month a load has written but not published has no release row yet, so it is not counted.
 */
export function specialFocusHistoryField(alias: string): [string, string] {
  return [
    "specialFocusHistory",
    `coalesce((
      SELECT json_agg(json_build_object('status', p.status, 'from', to_char(p.first, 'YYYY-MM-DD'),
          'to', to_char(p.last, 'YYYY-MM-DD'), 'releases', p.releases) ORDER BY p.first)
      FROM (
        SELECT r.status, min(r.processing_date) AS first, max(r.processing_date) AS last,
          count(*)::integer AS releases
        FROM (
          SELECT s.processing_date, sf.status,
            row_number() OVER (ORDER BY s.processing_date)
              - row_number() OVER (PARTITION BY sf.status ORDER BY s.processing_date) AS run
          FROM rating_snapshot s
          LEFT JOIN special_focus_release sf ON sf.ccn = s.ccn AND sf.processing_date = s.processing_date
          WHERE s.ccn = ${alias}.ccn
            AND EXISTS (SELECT 1 FROM release rl WHERE rl.processing_date = s.processing_date AND rl.kind = 'provider')
        ) r
        WHERE r.status IS NOT NULL
        GROUP BY r.status, r.run
      ) p
    ), '[]'::json)`,
  ];
}
