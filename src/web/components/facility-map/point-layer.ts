// The facilities drawn on a canvas. A full drawing fills one path per look (six colours, solid or hollow) for each
// tenth of the points in data order, into an offscreen layer that reaches half a viewport beyond each edge: 15,000
// points take about 15 ms in Chromium's software canvas. Panning then only copies that layer, shifted (well under a
// millisecond a frame); a zoom shows it scaled (up to 1.5 times) and draws it anew once the zoom pauses or goes
// beyond that; a pan beyond the margin draws it anew at once.
import type { ViewTransform } from "./projection.ts";
import { POINT_OUTLINE, RATING_COLORS } from "./rating-colors.ts";

/** The points' radius in CSS pixels: 2.5 at the national view, growing slowly as one zooms in, at most 6. */
export function pointRadius(k: number, nationalK: number): number {
  const zoom = nationalK > 0 ? k / nationalK : 1;
  const radius = 2.5 + 0.75 * Math.log2(Math.max(zoom, 1));
  return Math.min(6, Math.round(radius * 2) / 2);
}

/** The look of a point: its rating class (0 unrated, 1 to 5), plus 6 when hollow (approximate). */
export function lookOf(rating: number, approximate: number): number {
  return rating + (approximate ? 6 : 0);
}

/** The points are drawn in this many slices of the data order, each slice one path per look. */
export const DRAW_SLICES = 10;
const LOOKS = 12;
/** A scaled stand-in is shown for at most 1.5 times closer or farther (as a natural log): beyond, it draws anew. */
const MAX_STAND_IN_ZOOM = Math.log(1.5);

/**
 * The drawing order: the points split into DRAW_SLICES slices of the data order (the list's, which says nothing of
 * the rating), each slice grouped by look, solid before hollow. So no rating is drawn over all the others by design
 * (only within a slice), and the rings of approximate positions show. `starts[s * LOOKS + look]` is where a group
 * begins in `order`; `starts` ends with the total.
 */
export function drawOrder(
  rating: Uint8Array,
  approximate: Uint8Array,
  slices = DRAW_SLICES,
): { order: Uint32Array; starts: Uint32Array } {
  const count = rating.length;
  const groups = slices * LOOKS;
  const starts = new Uint32Array(groups + 1);
  const groupOf = (i: number) =>
    Math.min(Math.floor((i * slices) / Math.max(count, 1)), slices - 1) * LOOKS +
    lookOf(rating[i] as number, approximate[i] as number);
  for (let i = 0; i < count; i += 1) (starts[groupOf(i) + 1] as number) += 1;
  for (let g = 1; g <= groups; g += 1) starts[g] = (starts[g] as number) + (starts[g - 1] as number);
  const next = starts.slice(0, groups);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) {
    const g = groupOf(i);
    order[next[g] as number] = i;
    (next[g] as number) += 1;
  }
  return { order, starts };
}

export interface DrawablePoints {
  count: number;
  x: Float32Array;
  y: Float32Array;
  rating: Uint8Array;
  approximate: Uint8Array;
}

/**
 * Where the cached layer goes on screen (CSS pixels) and at which scale. Its origin sits one margin above and left
 * of the viewport it was drawn for: a point drawn there at (x * k + cached.x + marginX) is now at
 * (x * transform.k + transform.x).
 */
export function layerPlacement(
  transform: ViewTransform,
  cached: ViewTransform,
  marginX: number,
  marginY: number,
): { left: number; top: number; scale: number } {
  const scale = transform.k / cached.k;
  return {
    left: transform.x - (cached.x + marginX) * scale,
    top: transform.y - (cached.y + marginY) * scale,
    scale,
  };
}

/** The transform a cached layer was drawn at, and with which radius. */
interface CacheState {
  k: number;
  x: number;
  y: number;
  radius: number;
}

export class PointLayer {
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private readonly cache: HTMLCanvasElement;
  private readonly cacheContext: CanvasRenderingContext2D;
  private cached: CacheState | null = null;
  private points: DrawablePoints | null = null;
  private order: Uint32Array = new Uint32Array(0);
  private starts: Uint32Array = new Uint32Array(0);
  private width = 0;
  private height = 0;
  private ratio = 1;

  constructor(canvas: HTMLCanvasElement) {
    const context = canvas.getContext("2d");
    const cache = document.createElement("canvas");
    const cacheContext = cache.getContext("2d");
    if (!context || !cacheContext) throw new Error("This browser cannot draw on a canvas");
    this.canvas = canvas;
    this.context = context;
    this.cache = cache;
    this.cacheContext = cacheContext;
  }

  setPoints(points: DrawablePoints | null): void {
    this.points = points;
    const drawing = points ? drawOrder(points.rating, points.approximate) : null;
    this.order = drawing?.order ?? new Uint32Array(0);
    this.starts = drawing?.starts ?? new Uint32Array(0);
    this.cached = null;
  }

  /** The canvas's size in CSS pixels; its backing store follows the device's pixel ratio. */
  resize(width: number, height: number, ratio: number): void {
    this.width = width;
    this.height = height;
    this.ratio = ratio;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    // Half a viewport beyond each edge.
    this.cache.width = this.canvas.width * 2;
    this.cache.height = this.canvas.height * 2;
    this.cached = null;
  }

  /**
   * Shows the points at `transform`: from the cached layer when it was drawn at the same scale and the move stays
   * within its margin; scaled from it when only the scale changed and `allowScaled` (the caller draws anew once
   * the zoom pauses); else draws the layer anew. Returns whether the picture is exact (not a scaled stand-in).
   */
  draw(transform: ViewTransform, radius: number, visible = true, allowScaled = false): boolean {
    const { context } = this;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.points || !visible) return true;
    let cached = this.cached;
    const sameScale = cached !== null && cached.k === transform.k && cached.radius === radius;
    const marginX = this.width / 2;
    const marginY = this.height / 2;
    if (
      !cached ||
      (sameScale &&
        (Math.abs(transform.x - cached.x) > marginX || Math.abs(transform.y - cached.y) > marginY)) ||
      (!sameScale && !(allowScaled && Math.abs(Math.log(transform.k / cached.k)) <= MAX_STAND_IN_ZOOM))
    ) {
      cached = this.renderCache(transform, radius);
    }
    const { left: cssLeft, top: cssTop, scale } = layerPlacement(transform, cached, marginX, marginY);
    const ratio = this.ratio;
    const left = cssLeft * ratio;
    const top = cssTop * ratio;
    if (scale === 1) {
      context.drawImage(this.cache, Math.round(left), Math.round(top));
      return true;
    }
    context.drawImage(this.cache, left, top, this.cache.width * scale, this.cache.height * scale);
    return false;
  }

  /** The centre of a distance view: a dark ring with a white halo and a dot, over the points. */
  drawCentre(transform: ViewTransform, centre: [number, number]): void {
    const { context, ratio } = this;
    const cx = (centre[0] * transform.k + transform.x) * ratio;
    const cy = (centre[1] * transform.k + transform.y) * ratio;
    context.beginPath();
    context.arc(cx, cy, 7 * ratio, 0, Math.PI * 2);
    context.lineWidth = 5 * ratio;
    context.strokeStyle = "#ffffff";
    context.stroke();
    context.lineWidth = 2.5 * ratio;
    context.strokeStyle = "#0f172a";
    context.stroke();
    context.beginPath();
    context.arc(cx, cy, 2 * ratio, 0, Math.PI * 2);
    context.fillStyle = "#0f172a";
    context.fill();
  }

  /** Draws every point within the margin into the cached layer. */
  private renderCache(transform: ViewTransform, radius: number): CacheState {
    const { cacheContext: context, ratio } = this;
    const points = this.points as DrawablePoints;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.cache.width, this.cache.height);
    const k = transform.k * ratio;
    const offsetX = (transform.x + this.width / 2) * ratio;
    const offsetY = (transform.y + this.height / 2) * ratio;
    const r = radius * ratio;
    const maxX = this.cache.width + r;
    const maxY = this.cache.height + r;
    const { x, y } = points;
    const order = this.order;
    const starts = this.starts;
    const ring = Math.max(radius * 0.45, 1.25) * ratio;
    context.lineWidth = 0.75 * ratio;
    for (let group = 0; group < starts.length - 1; group += 1) {
      const from = starts[group] as number;
      const to = starts[group + 1] as number;
      if (from === to) continue;
      const look = group % LOOKS;
      const hollow = look >= 6;
      context.beginPath();
      for (let n = from; n < to; n += 1) {
        const i = order[n] as number;
        const px = (x[i] as number) * k + offsetX;
        const py = (y[i] as number) * k + offsetY;
        if (px < -r || py < -r || px > maxX || py > maxY) continue;
        context.moveTo(px + r, py);
        context.arc(px, py, r, 0, Math.PI * 2);
      }
      const color = RATING_COLORS[look % 6] as string;
      context.fillStyle = hollow ? "#ffffff" : color;
      context.fill();
      context.strokeStyle = POINT_OUTLINE;
      context.lineWidth = 0.75 * ratio;
      context.stroke();
      if (hollow) {
        // A ring in the rating's colour inside the outline: the centre stays white.
        context.beginPath();
        const inner = r - 0.375 * ratio - ring / 2;
        for (let n = from; n < to; n += 1) {
          const i = order[n] as number;
          const px = (x[i] as number) * k + offsetX;
          const py = (y[i] as number) * k + offsetY;
          if (px < -r || py < -r || px > maxX || py > maxY) continue;
          context.moveTo(px + inner, py);
          context.arc(px, py, inner, 0, Math.PI * 2);
        }
        context.strokeStyle = color;
        context.lineWidth = ring;
        context.stroke();
      }
    }
    this.cached = { k: transform.k, x: transform.x, y: transform.y, radius };
    return this.cached;
  }
}
