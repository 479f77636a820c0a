import { openDb } from "./src/db/client.ts";
import { filterSql } from "./src/server/repository.ts";
import { parseFacilityQuery } from "./src/core/api-query.ts";
import { resolvePlace } from "./src/server/places-repository.ts";
const db = await openDb({ dataDir: "bench/.data/national_100" });
for (const q of ["near=10001&radius=100", "near=10001&radius=25", "near=67401&radius=500", "near=60601&radius=50&sort=rating"]) {
  const query = parseFacilityQuery(new URLSearchParams(q));
  const place = await resolvePlace(db, query.near!);
  const f = filterSql(query, false, { place: place!, radius: Number(new URLSearchParams(q).get("radius")) });
  const sql = `EXPLAIN ANALYZE SELECT string_agg(list_item(t.item, t.distance), ',') FROM (SELECT f.item, f.provider_name, f.ccn, ${f.distance} AS distance, count(*) OVER () AS n FROM ${f.from} ${f.where} ORDER BY ${f.sortKey ? f.sortKey + ", " : ""}f.provider_name, f.ccn LIMIT 100) t`;
  for (let i = 0; i < 3; i++) {
    const rows = await db.query<Record<string, string>>(sql, f.params);
    if (i === 2) console.log(q, "\n" + rows.map((r) => Object.values(r)[0]).join("\n"));
  }
}
await db.close();
