-- An affiliated entity's summary (entity_summary.body, GET /api/entities/{name}) gains its inspection record: its
-- facilities' citations of the last three years by harm level, how many of them have actual harm or worse,
-- immediate jeopardy or abuse, and their fines, beside the same figures for the nation. The summaries are derived:
-- the next start computes them again.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
