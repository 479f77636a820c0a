// Opening PGlite, the same way on the database's own thread (pglite-thread.ts) and on the caller's (client.ts):
// the extensions the schema uses and the type parsers that make its values plain JS values.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;
const toNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

export async function createPglite(dataDir: string): Promise<PGlite> {
  const lite = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    parsers: {
      [PG_TYPE.INT8]: toNumber,
      [PG_TYPE.NUMERIC]: toNumber,
      [PG_TYPE.DATE]: keepText,
      [PG_TYPE.TIMESTAMP]: keepText,
      [PG_TYPE.TIMESTAMPTZ]: keepText,
    },
  });
  await lite.query("SELECT 1");
  return lite;
}
