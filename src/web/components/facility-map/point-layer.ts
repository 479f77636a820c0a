// The facilities drawn on a canvas. Each of the twelve looks (six colours, solid or hollow) is drawn once into a
// small sprite; a frame is then one image copy per visible point, at whole device pixels, so 15,000 points redraw
// well within a frame while the map pans.
import type { ViewTransform } from "./projection.ts";
import { POINT_OUTLINE, RATING_COLORS } from "./rating-colors.ts";

/** The points' radius in CSS pixels: 2.5 at the national view, growing slowly as one zooms in, at most 6. */
export function pointRadius(k: number, nationalK: number): number {
  const zoom = nationalK > 0 ? k / nationalK : 1;
  const radius = 2.5 + 0.75 * Math.log2(Math.max(zoom, 1));
  // Half-pixel steps: the sprites are redrawn only when the radius changes.
  return Math.min(6, Math.round(radius * 2) / 2);
}

/** Sprite number of a point: its rating class (0 unrated, 1 to 5), plus 6 when hollow (approximate). */
export function spriteOf(rating: number, approximate: number): number {
  return rating + (approximate ? 6 : 0);
}

/**
 * The drawing order: the points in data order (the list's, which says nothing of the rating, so no rating is drawn
 * over the others by design), the approximate (hollow) ones after the others so that their rings show.
 */
export function drawOrder(approximate: Uint8Array): Uint32Array {
  const order = new Uint32Array(approximate.length);
  let n = 0;
  for (let i = 0; i < approximate.length; i += 1) if (!approximate[i]) order[n++] = i;
  for (let i = 0; i < approximate.length; i += 1) if (approximate[i]) order[n++] = i;
  return order;
}

export interface DrawablePoints {
  count: number;
  x: Float32Array;
  y: Float32Array;
  rating: Uint8Array;
  approximate: Uint8Array;
}

export class PointLayer {
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private points: DrawablePoints | null = null;
  private order: Uint32Array = new Uint32Array(0);
  private sprites: HTMLCanvasElement[] = [];
  private spriteKey = "";
  private ratio = 1;

  constructor(canvas: HTMLCanvasElement) {
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot draw on a canvas");
    this.canvas = canvas;
    this.context = context;
  }

  setPoints(points: DrawablePoints | null): void {
    this.points = points;
    this.order = points ? drawOrder(points.approximate) : new Uint32Array(0);
  }

  /** The canvas's size in CSS pixels; its backing store follows the device's pixel ratio. */
  resize(width: number, height: number, ratio: number): void {
    this.ratio = ratio;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.spriteKey = "";
  }

  /** Draws every point inside the viewport; returns how many were inside it. */
  draw(transform: ViewTransform, radius: number, visible = true): number {
    const { context, ratio } = this;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const points = this.points;
    if (!points || !visible) return 0;
    this.ensureSprites(radius);
    const size = this.sprites[0]?.width ?? 0;
    const half = size / 2;
    const k = transform.k * ratio;
    const tx = transform.x * ratio - half;
    const ty = transform.y * ratio - half;
    const maxX = this.canvas.width;
    const maxY = this.canvas.height;
    const { x, y, rating, approximate } = points;
    const order = this.order;
    let drawn = 0;
    const sprites = this.sprites;
    for (let n = 0; n < order.length; n += 1) {
      const i = order[n] as number;
      // Whole device pixels: a plain copy, no resampling.
      const left = Math.round((x[i] as number) * k + tx);
      const top = Math.round((y[i] as number) * k + ty);
      if (left < -size || top < -size || left > maxX || top > maxY) continue;
      const sprite = sprites[spriteOf(rating[i] as number, approximate[i] as number)];
      if (sprite) context.drawImage(sprite, left, top);
      drawn += 1;
    }
    return drawn;
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

  private ensureSprites(radius: number): void {
    const key = `${radius}@${this.ratio}`;
    if (key === this.spriteKey) return;
    this.spriteKey = key;
    const ratio = this.ratio;
    const size = Math.ceil((radius + 1.5) * 2 * ratio);
    const centre = size / 2;
    this.sprites = [];
    for (let s = 0; s < 12; s += 1) {
      const sprite = document.createElement("canvas");
      sprite.width = size;
      sprite.height = size;
      const context = sprite.getContext("2d");
      if (context) {
        const color = RATING_COLORS[s % 6] as string;
        const hollow = s >= 6;
        context.beginPath();
        context.arc(centre, centre, radius * ratio, 0, Math.PI * 2);
        context.fillStyle = hollow ? "#ffffff" : color;
        context.fill();
        context.lineWidth = 0.75 * ratio;
        context.strokeStyle = POINT_OUTLINE;
        context.stroke();
        if (hollow) {
          // A ring in the rating's colour inside the outline: the centre stays white.
          const ring = Math.max(radius * 0.45, 1.25) * ratio;
          context.beginPath();
          context.arc(centre, centre, radius * ratio - 0.375 * ratio - ring / 2, 0, Math.PI * 2);
          context.lineWidth = ring;
          context.strokeStyle = color;
          context.stroke();
        }
      }
      this.sprites.push(sprite);
    }
  }
}
