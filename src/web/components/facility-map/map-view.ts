// Pan and zoom of the national map (d3-zoom: wheel, drag, double click, touch; plus the buttons and keys the
// component wires to panBy/zoomBy). One transform maps the world (projection.ts) to the screen: it moves the SVG
// layer of outlines and redraws the canvas of points, at most once per animation frame.
import { select } from "d3-selection";
import { type ZoomBehavior, type ZoomTransform, zoom, zoomIdentity } from "d3-zoom";
import { pointRadius } from "./point-layer.ts";
import { type Bounds, frameBounds, WORLD_BOUNDS, WORLD_HEIGHT, WORLD_WIDTH } from "./projection.ts";

/** How far one arrow key moves the map, in CSS pixels, and how much one +/- zooms. */
export const KEY_PAN_PIXELS = 80;
export const KEY_ZOOM_FACTOR = 1.6;
/** At most this many times closer than the whole nation (about a street block at the national scale's 1 px). */
const MAX_ZOOM = 2048;
/** How long a zoom pauses before the points are drawn anew at the new scale. */
const SETTLE_MS = 120;

export interface MapViewParts {
  /** The element that takes the pointer, wheel and touch gestures. */
  surface: HTMLElement;
  /** The SVG group of outlines, moved with the transform. */
  layer: SVGGElement;
  /**
   * Draws the points at the transform, with the radius of its zoom; `allowScaled` lets it show a scaled stand-in
   * while a zoom goes on. Returns false for a stand-in: the view draws again once the zoom pauses.
   */
  drawPoints: (transform: ZoomTransform, radius: number, allowScaled: boolean) => boolean;
  /** After each frame: lets popups follow the map. */
  onViewChange?: (transform: ZoomTransform) => void;
}

export class MapView {
  private readonly parts: MapViewParts;
  private readonly behavior: ZoomBehavior<HTMLElement, unknown>;
  private transform: ZoomTransform = zoomIdentity;
  private pending = 0;
  private settle: ReturnType<typeof setTimeout> | undefined;
  width = 0;
  height = 0;

  constructor(parts: MapViewParts) {
    this.parts = parts;
    this.behavior = zoom<HTMLElement, unknown>()
      .on("zoom", (event: { transform: ZoomTransform }) => {
        this.transform = event.transform;
        this.schedule();
      })
      // Clicks on the popup (its link, its close button) are not the start of a drag.
      .filter((event: MouseEvent) => {
        const target = event.target as Element | null;
        if (target?.closest?.("[data-map-popup]")) return false;
        return (!event.ctrlKey || event.type === "wheel") && !event.button;
      });
    select(parts.surface).call(this.behavior);
  }

  /** The scale at which the whole map fits the viewport. */
  nationalScale(): number {
    return this.width > 0 && this.height > 0 ? frameBounds(WORLD_BOUNDS, this.width, this.height).k : 1;
  }

  get current(): ZoomTransform {
    return this.transform;
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    const national = this.nationalScale();
    this.behavior
      .extent([
        [0, 0],
        [width, height],
      ])
      .scaleExtent([national * 0.5, national * MAX_ZOOM])
      .translateExtent([
        [-WORLD_WIDTH * 0.5, -WORLD_HEIGHT * 0.5],
        [WORLD_WIDTH * 1.5, WORLD_HEIGHT * 1.5],
      ]);
    this.render();
  }

  /** Shows `bounds` (world units), or the whole map when null. */
  frame(bounds: Bounds | null, minSize = 0): void {
    if (this.width === 0 || this.height === 0) return;
    const target = frameBounds(bounds ?? WORLD_BOUNDS, this.width, this.height, {
      minSize,
      maxScale: this.nationalScale() * MAX_ZOOM,
    });
    select(this.parts.surface).call(
      this.behavior.transform,
      zoomIdentity.translate(target.x, target.y).scale(target.k),
    );
  }

  /** Moves the map by (dx, dy) CSS pixels. */
  panBy(dx: number, dy: number): void {
    this.behavior.translateBy(select(this.parts.surface), dx / this.transform.k, dy / this.transform.k);
  }

  /** Zooms by `factor` around the viewport's centre. */
  zoomBy(factor: number): void {
    this.behavior.scaleBy(select(this.parts.surface), factor);
  }

  /** Screen position (CSS pixels in the surface) of a world position. */
  toScreen(x: number, y: number): [number, number] {
    return this.transform.apply([x, y]);
  }

  toWorld(x: number, y: number): [number, number] {
    return this.transform.invert([x, y]);
  }

  /** The points' radius at the current zoom. */
  radius(): number {
    return pointRadius(this.transform.k, this.nationalScale());
  }

  /**
   * Redraws now, not waiting for the next frame. `moving`: called for a frame of a pan or zoom, when a scaled
   * picture of the points may stand in until the zoom pauses.
   */
  render(moving = false): void {
    if (this.pending) {
      cancelAnimationFrame(this.pending);
      this.pending = 0;
    }
    clearTimeout(this.settle);
    const { k, x, y } = this.transform;
    this.parts.layer.setAttribute("transform", `translate(${x},${y}) scale(${k})`);
    const exact = this.parts.drawPoints(this.transform, this.radius(), moving);
    if (!exact) this.settle = setTimeout(() => this.render(), SETTLE_MS);
    this.parts.onViewChange?.(this.transform);
  }

  destroy(): void {
    if (this.pending) cancelAnimationFrame(this.pending);
    clearTimeout(this.settle);
    select(this.parts.surface).on(".zoom", null);
  }

  private schedule(): void {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.render(true);
    });
  }
}
