// The map's points (docs/api.md, GET /api/facilities/points), shared by the server, which answers a filtered view,
// and the ingest, which stores the answer of the whole nation (table map_points, migration 0014). The database
// joins the facilities' stored points (`ccn|latitude|longitude|rating|approximate`, see migration 0011) into one
// text; writing the arrays here costs less than five aggregates there.

/** The SQL aggregate of the stored points of the rows aliased `f`, in `order` (facilities without one skipped). */
export function pointsAggregate(order: string): string {
  return `string_agg(f.point, ';' ORDER BY ${order})`;
}

/** The JSON text of the parallel arrays of /api/facilities/points, from the aggregate's text (null: no points). */
export function pointsJson(points: string | null, withoutPosition: number): string {
  const ccn: string[] = [];
  const latitude: string[] = [];
  const longitude: string[] = [];
  const rating: string[] = [];
  const approximate: string[] = [];
  if (points) {
    for (const point of points.split(";")) {
      const [id = "", lat = "", lon = "", stars = "", rough = ""] = point.split("|");
      ccn.push(`"${id}"`);
      latitude.push(lat);
      longitude.push(lon);
      rating.push(stars === "" ? "null" : stars);
      approximate.push(rough === "1" ? "true" : "false");
    }
  }
  return `{"ccn":[${ccn.join(",")}],"latitude":[${latitude.join(",")}],"longitude":[${longitude.join(",")}],"overallRating":[${rating.join(",")}],"approximate":[${approximate.join(",")}],"withoutPosition":${Math.trunc(withoutPosition)}}`;
}
