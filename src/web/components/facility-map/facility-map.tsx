// The map of a view's facilities (docs/architecture.md, section Web): points coloured by overall rating on a
// canvas over the state outlines (SVG), pan and zoom, a popup per facility, the radius of a distance view, and a
// state layer coloured by each state's average rating. Loaded lazily (index.ts): none of this is in the
// dashboard's first load.
import { useQuery } from "@tanstack/react-query";
import { List, Maximize2, Minus, Plus } from "lucide-react";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { Button } from "../ui/button.tsx";
import { PointsLegend, StatesLegend } from "./map-legend.tsx";
import { MapPopup } from "./map-popup.tsx";
import type { FacilityMapProps } from "./map-props.ts";
import { pointsQueryKey, pointsQueryOptions, stateBenchmarksQueryOptions } from "./map-queries.ts";
import {
  describePoints,
  describeStateAverage,
  describeStateLayer,
  describeWhere,
  omissionNotes,
} from "./map-summary.ts";
import { KEY_PAN_PIXELS, KEY_ZOOM_FACTOR, MapView } from "./map-view.ts";
import { buildPointIndex, nearestPoint, type PointIndex } from "./point-index.ts";
import { PointLayer } from "./point-layer.ts";
import {
  type Bounds,
  type ProjectedPoints,
  pointBounds,
  projectNear,
  projectPoints,
  statePaths,
  statesBounds,
} from "./projection.ts";
import { averageColor, averageRange } from "./rating-colors.ts";

/** The smallest area a view is framed to, in world units (about 30 miles): one facility is not blown up. */
const MIN_FRAME_SIZE = 8;
/** How far from a point (CSS pixels beyond its radius) the pointer still picks it. */
const HIT_SLOP = 4;

interface ActivePoint {
  /** Index among the placed points. */
  index: number;
  pinned: boolean;
}

export default function FacilityMap({ query, near, onSelectState, onShowList }: FacilityMapProps) {
  const location = useLocation();
  const points = useQuery(pointsQueryOptions(query));
  const [showStates, setShowStates] = useState(false);
  const stateAverages = useQuery({ ...stateBenchmarksQueryOptions(), enabled: showStates });

  const surfaceRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [projected, setProjected] = useState<ProjectedPoints | null>(null);
  const [active, setActive] = useState<ActivePoint | null>(null);
  const [focusedState, setFocusedState] = useState<string | null>(null);

  const pointLayerRef = useRef<PointLayer | null>(null);
  const indexRef = useRef<PointIndex | null>(null);
  const projectedRef = useRef<ProjectedPoints | null>(null);
  const activeRef = useRef<ActivePoint | null>(null);
  activeRef.current = active;
  const showStatesRef = useRef(showStates);
  showStatesRef.current = showStates;

  const nearShape = useMemo(() => (near ? projectNear(near) : null), [near]);
  const nearCentreRef = useRef<[number, number] | null>(null);
  nearCentreRef.current = nearShape?.centre ?? null;

  const viewRef = useRef<MapView | null>(null);

  // The popup follows its point as the map moves; it flips to the side with more room.
  const placePopup = useCallback(() => {
    const popup = popupRef.current;
    const current = activeRef.current;
    const data = projectedRef.current;
    const mapView = viewRef.current;
    if (!popup || !current || !data || !mapView) return;
    const [sx, sy] = mapView.toScreen(data.x[current.index] as number, data.y[current.index] as number);
    const offset = mapView.radius() + 6;
    const left = sx > mapView.width / 2 ? sx - offset - popup.offsetWidth : sx + offset;
    const top = sy > mapView.height / 2 ? sy - offset - popup.offsetHeight : sy + offset;
    popup.style.left = `${Math.round(Math.max(4, left))}px`;
    popup.style.top = `${Math.round(Math.max(4, top))}px`;
    popup.style.visibility =
      sx < 0 || sy < 0 || sx > mapView.width || sy > mapView.height ? "hidden" : "visible";
  }, []);

  // The map's machinery: created once, on the elements of the first render.
  useEffect(() => {
    const surface = surfaceRef.current;
    const layer = layerRef.current;
    const canvas = canvasRef.current;
    if (!surface || !layer || !canvas) return;
    const pointLayer = new PointLayer(canvas);
    pointLayerRef.current = pointLayer;
    const mapView = new MapView({
      surface,
      layer,
      drawPoints: (transform, radius, allowScaled) => {
        const exact = pointLayer.draw(transform, radius, !showStatesRef.current, allowScaled);
        const centre = nearCentreRef.current;
        if (centre) pointLayer.drawCentre(transform, centre);
        return exact;
      },
      onViewChange: placePopup,
    });
    viewRef.current = mapView;
    setView(mapView);
    const observer = new ResizeObserver(() => {
      const width = surface.clientWidth;
      const height = surface.clientHeight;
      pointLayer.resize(width, height, window.devicePixelRatio || 1);
      mapView.resize(width, height);
      setSize((previous) =>
        previous && previous.width === width && previous.height === height ? previous : { width, height },
      );
    });
    observer.observe(surface);
    return () => {
      observer.disconnect();
      mapView.destroy();
      viewRef.current = null;
      pointLayerRef.current = null;
    };
  }, [placePopup]);

  // New points: project them, index them and draw them (measured as "map-draw" for bench:map).
  useEffect(() => {
    const pointLayer = pointLayerRef.current;
    if (!view || !pointLayer) return;
    if (!points.data) {
      pointLayer.setPoints(null);
      projectedRef.current = null;
      indexRef.current = null;
      setProjected(null);
      setActive(null);
      view.render();
      return;
    }
    performance.mark("map-draw-start");
    const next = projectPoints(points.data);
    pointLayer.setPoints(next);
    projectedRef.current = next;
    indexRef.current = buildPointIndex(next);
    view.render();
    performance.measure("map-draw", "map-draw-start");
    if (canvasRef.current) canvasRef.current.dataset.points = String(next.count);
    setProjected(next);
    setActive(null);
  }, [points.data, view]);

  // Framing: a distance view shows its circle; a view of some states their outlines; another view the box around
  // its points (the whole map when it has none). Once per view: panning and zooming stay until the filters change.
  const frameKey = JSON.stringify([
    pointsQueryKey(query),
    near?.latitude,
    near?.longitude,
    near?.radiusMiles,
  ]);
  const framedKeyRef = useRef<string | null>(null);
  const statesKey = (query.states ?? []).join(",");
  const defaultBounds = useCallback((): Bounds | null => {
    if (nearShape?.bounds) return nearShape.bounds;
    const filtered = statesKey ? statesBounds(statesKey.split(",")) : null;
    if (filtered) return filtered;
    return projectedRef.current ? pointBounds(projectedRef.current) : null;
  }, [nearShape, statesKey]);
  useLayoutEffect(() => {
    if (!view || !size || framedKeyRef.current === frameKey) return;
    if (!nearShape?.bounds && !statesKey && !projected) return;
    if (projected && projectedRef.current !== projected) return;
    framedKeyRef.current = frameKey;
    view.frame(defaultBounds(), MIN_FRAME_SIZE);
    view.render();
  }, [view, size, frameKey, nearShape, statesKey, projected, defaultBounds]);

  // The state layer hides the points: redraw.
  useEffect(() => {
    view?.render();
    if (showStates) setActive(null);
  }, [view, showStates]);

  useLayoutEffect(() => {
    if (active) placePopup();
  }, [active, placePopup]);

  const hitTest = (clientX: number, clientY: number): number | null => {
    const surface = surfaceRef.current;
    const index = indexRef.current;
    if (!surface || !index || !view) return null;
    const rect = surface.getBoundingClientRect();
    const [wx, wy] = view.toWorld(clientX - rect.left, clientY - rect.top);
    return nearestPoint(index, wx, wy, (view.radius() + HIT_SLOP) / view.current.k);
  };

  const isInPopup = (target: EventTarget | null) =>
    target instanceof Element && target.closest("[data-map-popup]") !== null;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (showStates || event.buttons !== 0 || isInPopup(event.target)) return;
    const hit = hitTest(event.clientX, event.clientY);
    event.currentTarget.style.cursor = hit === null ? "" : "pointer";
    if (active?.pinned) return;
    if (hit !== (active?.index ?? null)) setActive(hit === null ? null : { index: hit, pinned: false });
  };

  const onPointerLeave = () => {
    if (active && !active.pinned) setActive(null);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (showStates || isInPopup(event.target)) return;
    const hit = hitTest(event.clientX, event.clientY);
    setActive(hit === null ? null : { index: hit, pinned: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!view || event.altKey || event.ctrlKey || event.metaKey) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PIXELS, 0],
      ArrowRight: [-KEY_PAN_PIXELS, 0],
      ArrowUp: [0, KEY_PAN_PIXELS],
      ArrowDown: [0, -KEY_PAN_PIXELS],
    };
    const step = pan[event.key];
    if (step) view.panBy(step[0], step[1]);
    else if (event.key === "+" || event.key === "=") view.zoomBy(KEY_ZOOM_FACTOR);
    else if (event.key === "-" || event.key === "_") view.zoomBy(1 / KEY_ZOOM_FACTOR);
    else if (event.key === "0") view.frame(defaultBounds(), MIN_FRAME_SIZE);
    else if (event.key === "Escape" && active) setActive(null);
    else return;
    event.preventDefault();
  };

  const selectState = (code: string) => {
    setShowStates(false);
    setFocusedState(null);
    onSelectState(code);
  };

  // What the map says in words.
  const where = describeWhere(query, near);
  const shapes = statePaths();
  const averages = stateAverages.data;
  const range = useMemo(
    () => (averages ? averageRange(Object.values(averages).map((state) => state.overallRating)) : null),
    [averages],
  );
  const stateWords = (code: string, name: string) => {
    const average = averages?.[code]?.overallRating;
    return describeStateAverage(name, average?.average, average?.count ?? 0);
  };
  const summary = showStates
    ? averages
      ? describeStateLayer(
          shapes.map((shape) => ({
            name: shape.name,
            average: averages[shape.code]?.overallRating.average ?? null,
          })),
        )
      : "Loading the state averages."
    : projected
      ? describePoints(projected, where)
      : points.isError
        ? "The facilities could not be loaded."
        : "Loading the facilities.";
  // A distance view's facilities without a position are counted by its `near` (withoutLocation), which the view
  // that has it already says beside the map and the list alike.
  const notes = omissionNotes(near ? 0 : (points.data?.withoutPosition ?? 0), projected?.unplaced ?? 0);
  const focused = focusedState ? shapes.find((shape) => shape.code === focusedState) : undefined;
  const activeCcn =
    active && projected ? points.data?.ccn[projected.source[active.index] as number] : undefined;

  const summaryId = useId();
  const keysId = useId();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="facility-map">
      <h2 id={headingId} className="sr-only">
        Map of the facilities
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onShowList}>
          <List aria-hidden />
          Show as list
        </Button>
        <Button
          variant={showStates ? "default" : "outline"}
          size="sm"
          aria-pressed={showStates}
          onClick={() => setShowStates((on) => !on)}
        >
          State averages
        </Button>
        <fieldset className="ml-auto flex gap-1">
          <legend className="sr-only">Zoom</legend>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Zoom in"
            onClick={() => view?.zoomBy(KEY_ZOOM_FACTOR)}
          >
            <Plus aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Zoom out"
            onClick={() => view?.zoomBy(1 / KEY_ZOOM_FACTOR)}
          >
            <Minus aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Reset the view"
            onClick={() => view?.frame(defaultBounds(), MIN_FRAME_SIZE)}
          >
            <Maximize2 aria-hidden />
          </Button>
        </fieldset>
      </div>

      {/* The map takes pointer and keyboard gestures: a custom widget (role application) named and described in
          words; its states, on the state layer, are buttons inside it. */}
      <div
        ref={surfaceRef}
        role="application"
        aria-roledescription="map"
        aria-label={`Map of facilities ${where}`}
        aria-describedby={`${summaryId} ${keysId}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map itself is operated by keyboard (arrows pan, +/- zoom)
        tabIndex={0}
        onPointerMove={onPointerMove}
        onPointerLeave={onPointerLeave}
        onClick={onClick}
        onKeyDown={onKeyDown}
        data-testid="map-surface"
        className="relative h-[min(70vh,640px)] min-h-80 w-full touch-none overflow-hidden rounded-xl border border-slate-300 bg-sky-50 outline-none select-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: a group of named state buttons on the state layer, hidden otherwise */}
        <svg
          className="absolute inset-0 size-full"
          {...(showStates
            ? { role: "group", "aria-label": "States by the average overall rating of their facilities" }
            : { "aria-hidden": true })}
        >
          <g ref={layerRef}>
            {shapes.map((shape) => {
              const average = averages?.[shape.code]?.overallRating.average ?? null;
              const selectable = showStates && averages !== undefined && average !== null;
              return (
                <path
                  key={shape.code}
                  d={shape.d}
                  data-state={shape.code}
                  fill={
                    showStates && averages ? averageColor(average, range ?? { min: 1, max: 5 }) : "#ffffff"
                  }
                  stroke="#94a3b8"
                  strokeWidth={0.75}
                  vectorEffect="non-scaling-stroke"
                  className={selectable ? "cursor-pointer outline-none" : undefined}
                  {...(selectable
                    ? {
                        role: "button",
                        tabIndex: 0,
                        "aria-label": stateWords(shape.code, shape.name),
                        onClick: () => selectState(shape.code),
                        onKeyDown: (event: KeyboardEvent<SVGPathElement>) => {
                          if (event.key === "Enter" || event.key === " ") {
                            event.preventDefault();
                            selectState(shape.code);
                          }
                        },
                        onFocus: () => setFocusedState(shape.code),
                        onBlur: () => setFocusedState((code) => (code === shape.code ? null : code)),
                        onPointerEnter: () => setFocusedState(shape.code),
                        onPointerLeave: () => setFocusedState((code) => (code === shape.code ? null : code)),
                      }
                    : {})}
                />
              );
            })}
            {focused && (
              <path
                d={focused.d}
                fill="none"
                stroke="#0f172a"
                strokeWidth={2.5}
                vectorEffect="non-scaling-stroke"
                pointerEvents="none"
              />
            )}
            {nearShape?.path && (
              <path
                d={nearShape.path}
                data-testid="map-radius"
                fill="#1d4ed8"
                fillOpacity={0.06}
                stroke="#1d4ed8"
                strokeWidth={2}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
                pointerEvents="none"
              />
            )}
          </g>
        </svg>
        <canvas
          ref={canvasRef}
          aria-hidden
          data-testid="map-points"
          className="pointer-events-none absolute inset-0"
        />
        {showStates && focused && (
          <p className="pointer-events-none absolute top-2 left-2 rounded-md bg-white/95 px-2 py-1 text-sm text-slate-900 shadow">
            {stateWords(focused.code, focused.name)}
          </p>
        )}
        {(points.isPending || (showStates && stateAverages.isPending)) && (
          <p
            role="status"
            className="absolute top-2 right-2 rounded-md bg-white/95 px-2 py-1 text-sm text-slate-600 shadow"
          >
            {points.isPending ? "Loading the facilities..." : "Loading the state averages..."}
          </p>
        )}
        {(points.isError || (showStates && stateAverages.isError)) && (
          <p
            role="alert"
            className="absolute top-2 right-2 rounded-md bg-white/95 px-2 py-1 text-sm text-red-700 shadow"
          >
            {points.isError
              ? `The facilities could not be loaded: ${points.error.message}`
              : `The state averages could not be loaded: ${stateAverages.error?.message ?? ""}`}
          </p>
        )}
        {activeCcn && active && projected && (
          <MapPopup
            key={activeCcn}
            ref={popupRef}
            ccn={activeCcn}
            approximate={projected.approximate[active.index] === 1}
            pinned={active.pinned}
            search={location.search}
            onClose={() => {
              setActive(null);
              surfaceRef.current?.focus();
            }}
          />
        )}
      </div>
      <p id={summaryId} className="sr-only" data-testid="map-summary">
        {summary}
      </p>
      <p id={keysId} className="sr-only">
        Drag or use the arrow keys to pan, the mouse wheel or the plus and minus keys to zoom, 0 to show the
        whole view again. Point at or click a facility for its name and ratings. The same facilities are in
        the list.
      </p>
      {notes.length > 0 && (
        <ul className="text-sm text-slate-600" data-testid="map-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {showStates ? <StatesLegend range={range} /> : <PointsLegend counts={projected} />}
    </section>
  );
}
