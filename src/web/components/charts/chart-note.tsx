/** A line of small print under a chart: what the drawing leaves out or bends (never the values themselves). */
export function ChartNote({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="mt-2 text-xs text-slate-600" data-testid={testId}>
      {text}
    </p>
  );
}
