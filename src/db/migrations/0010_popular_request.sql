-- The requests visitors ask for most, kept by the servers (src/server/popularity.ts) so that a server starting, or
-- seeing newly loaded data, computes their answers before it serves them. Not data: no data version bump.
CREATE TABLE popular_request (
  path text PRIMARY KEY,
  hits double precision NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
