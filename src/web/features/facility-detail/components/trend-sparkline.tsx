// A measure's scores over time as a small line, an image described in words by `label`: a trend at a glance in a
// table cell, where a full chart per row would crowd the table (the words say every value).
const WIDTH = 96;
const HEIGHT = 24;
const PAD = 2;

export function TrendSparkline({
  values,
  label,
  testId,
}: {
  values: readonly (number | null)[];
  label: string;
  testId?: string;
}) {
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2) return <span className="text-xs text-slate-500">{label}</span>;
  const low = Math.min(...known);
  const high = Math.max(...known);
  const span = high - low || 1;
  const step = (WIDTH - 2 * PAD) / (values.length - 1);
  // A missing value breaks the line (no bridging across a gap).
  const segments: string[][] = [[]];
  values.forEach((value, index) => {
    if (value === null) {
      if ((segments.at(-1) ?? []).length > 0) segments.push([]);
      return;
    }
    const x = PAD + index * step;
    const y = PAD + (1 - (value - low) / span) * (HEIGHT - 2 * PAD);
    segments.at(-1)?.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  });
  const last = known.at(-1) as number;
  const lastIndex = values.lastIndexOf(last);
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="overflow-visible text-blue-700"
      data-testid={testId}
    >
      <title>{label}</title>
      {segments
        .filter((points) => points.length > 0)
        .map((points) => (
          <polyline
            key={points[0]}
            points={points.join(" ")}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
        ))}
      <circle
        cx={PAD + lastIndex * step}
        cy={PAD + (1 - (last - low) / span) * (HEIGHT - 2 * PAD)}
        r={2.5}
        fill="currentColor"
      />
    </svg>
  );
}
