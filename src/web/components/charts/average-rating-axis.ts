// The y axis of a chart of average ratings (the affiliated entity's trend): fitted to the values, so that a rise
// from 2.4 to 2.7 shows as one, and saying so whenever it does not span the whole 1-5 scale.

/** The lowest and highest average a rating scale of 1 to 5 stars can have. */
const SCALE_MIN = 1;
const SCALE_MAX = 5;
/** The axis is never less than one star tall, so that tiny changes are not blown up. */
const MIN_SPAN = 1;
const HALF = 0.5;

export interface AverageRatingAxis {
  domain: [number, number];
  ticks: number[];
  /** The tick labels: '2.5' in half stars, '2' in whole ones. */
  formatTick: (value: number) => string;
  /** What the axis leaves out of the scale, in words; null when it spans 1 to 5. */
  note: string | null;
}

const floorHalf = (value: number) => Math.floor(value / HALF) * HALF;
const ceilHalf = (value: number) => Math.ceil(value / HALF) * HALF;

/**
 * Half a star of room below the lowest value and above the highest (to the half star), at least one star tall,
 * within 1 to 5; ticks every half star up to two stars tall, whole stars beyond. Without values: 1 to 5.
 */
export function fitAverageRatingAxis(values: readonly number[]): AverageRatingAxis {
  const finite = values.filter((value) => Number.isFinite(value));
  let low = SCALE_MIN;
  let high = SCALE_MAX;
  if (finite.length > 0) {
    const min = Math.min(...finite);
    const max = Math.max(...finite);
    low = Math.max(SCALE_MIN, ceilHalf(min) - HALF);
    high = Math.min(SCALE_MAX, floorHalf(max) + HALF);
    while (high - low < MIN_SPAN) {
      // Grow on the side with less room around the values, as the scale allows.
      const growHigh = low <= SCALE_MIN || (high < SCALE_MAX && high - max <= min - low);
      if (growHigh) high += HALF;
      else low -= HALF;
    }
  }
  const step = high - low > 2 ? 1 : HALF;
  if (step === 1) {
    low = Math.floor(low);
    high = Math.ceil(high);
  }
  const ticks: number[] = [];
  for (let tick = low; tick <= high + 1e-9; tick += step) ticks.push(tick);
  const digits = step === HALF ? 1 : 0;
  const limits = [
    ...(low > SCALE_MIN ? [`starts at ${low.toFixed(1)}, not ${SCALE_MIN}`] : []),
    ...(high < SCALE_MAX ? [`ends at ${high.toFixed(1)}, not ${SCALE_MAX}`] : []),
  ];
  return {
    domain: [low, high],
    ticks,
    formatTick: (value) => value.toFixed(digits),
    note: limits.length === 0 ? null : `Axis ${limits.join(", and ")}: zoomed in to show the change.`,
  };
}
