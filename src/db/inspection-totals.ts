// The inspection record of a group of facilities as an affiliated entity's and an owner's pages show it, beside the
// nation's: an aggregate over the facility table's three-year columns, shared by the ingest (entity summaries) and
// the server (owner pages).

/**
 * The inspection figures of a group of facilities (an aggregate over the facility table's three-year columns, see
 * computeInspectionFigures in src/ingest/derive.ts), as JSON: their citations by harm level, how many have actual harm or worse, immediate
 * jeopardy, abuse, fines; each null when no facility of the group has it (no such file loaded).
 */
export const INSPECTION_TOTALS = `json_build_object(
  'facilities', count(*),
  'citations', CASE WHEN count(citations_minimal_harm) = 0 THEN NULL ELSE json_build_object(
    'minimal', sum(citations_minimal_harm), 'potential', sum(citations_potential_harm),
    'actual', sum(citations_actual_harm), 'jeopardy', sum(citations_immediate_jeopardy)) END,
  'facilitiesWithActualHarm', CASE WHEN count(harm_level) = 0 THEN NULL
    ELSE count(*) FILTER (WHERE harm_level >= 3) END,
  'facilitiesWithImmediateJeopardy', CASE WHEN count(harm_level) = 0 THEN NULL
    ELSE count(*) FILTER (WHERE harm_level = 4) END,
  'facilitiesWithAbuse', CASE WHEN count(is_abuse) = 0 THEN NULL ELSE count(*) FILTER (WHERE is_abuse) END,
  'fines', sum(fines_three_years),
  'fineDollars', sum(fine_dollars_three_years),
  'facilitiesFined', CASE WHEN count(fines_three_years) = 0 THEN NULL
    ELSE count(*) FILTER (WHERE fines_three_years > 0) END)`;
