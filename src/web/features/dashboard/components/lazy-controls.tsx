// The Radix-based controls (menus, popovers, dialog) load in their own chunks after the first page of cards is
// on screen (controls-loader.ts), which keeps about 25 KB gzip out of the initial JavaScript (budget: 150 KB)
// and their start-up work away from the first render. Until then a look-alike button holds each place, so the
// layout does not move. The look-alike is live: activating it (pointer, Enter, Space, or ArrowDown for a menu)
// loads the controls at once and is replayed when the real control mounts, which then opens (a keyboard
// activation also focuses the first menu item), so a visitor's first click is never lost. Focus resting on a
// look-alike moves to the real control. A control that cannot load at all stays a disabled button that says so,
// instead of breaking the page.
import { ChevronDown } from "lucide-react";
import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button } from "../../../components/ui/button.tsx";
import { type ControlActivation, loadControl, loadControlsNow } from "../controls-loader.ts";

const UNAVAILABLE = "This control could not be loaded. Reload the page to try again.";

function lazyControl<P extends object>(load: () => Promise<ComponentType<P>>, label: (props: P) => string) {
  return lazy(() =>
    loadControl(load)
      .then((component) => ({ default: component }))
      .catch((error: unknown) => {
        console.error("A dashboard control could not be loaded", error);
        // biome-ignore lint/correctness/noComponentHookFactories: made once per control, when its load fails
        const Unavailable = (props: P) => (
          <Button variant="outline" disabled title={UNAVAILABLE} className="disabled:opacity-100">
            {label(props)}
            <ChevronDown aria-hidden className="opacity-60" />
          </Button>
        );
        return { default: Unavailable };
      }),
  );
}

const RatingFilter = lazyControl(
  () => import("./rating-filter.tsx").then((m) => m.RatingFilter),
  () => "Minimum rating",
);
const MultiSelect = lazyControl(
  () => import("../../../components/ui/multi-select.tsx").then((m) => m.MultiSelect),
  (props) => props.label,
);
const AlertSettings = lazyControl(
  () => import("./alert-settings.tsx").then((m) => m.AlertSettings),
  () => "Rating alerts",
);
const InspectionFilter = lazyControl(
  () => import("./inspection-filter.tsx").then((m) => m.InspectionFilter),
  () => "Inspections",
);
const SpecialFocusFilter = lazyControl(
  () => import("./special-focus-filter.tsx").then((m) => m.SpecialFocusFilter),
  () => "Special focus",
);
const SaveViewDialog = lazyControl(
  () => import("./save-view-dialog.tsx").then((m) => m.SaveViewDialog),
  () => "Save Current View",
);
const SavedViewsMenu = lazyControl(
  () => import("./saved-views-menu.tsx").then((m) => m.SavedViewsMenu),
  () => "Saved Views",
);

/** What the real control opens: a menu (also opened by ArrowDown), or a dialog-like popover or dialog. */
type Popup = "menu" | "dialog";

function Placeholder({
  children,
  hasChevron = true,
  popup,
  isPending,
  onActivate,
  hadFocusRef,
}: {
  children: ReactNode;
  hasChevron?: boolean;
  popup: Popup;
  isPending: boolean;
  onActivate: (activation: ControlActivation) => void;
  hadFocusRef: RefObject<boolean>;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Layout cleanups run before React removes the button: whether it had focus when the real control replaced it.
  useLayoutEffect(() => {
    const button = ref.current;
    return () => {
      hadFocusRef.current = button !== null && document.activeElement === button;
    };
  }, [hadFocusRef]);
  return (
    <Button
      ref={ref}
      variant="outline"
      aria-haspopup={popup}
      aria-expanded={false}
      aria-busy={isPending || undefined}
      className={isPending ? "cursor-progress" : undefined}
      onPointerDown={(event) => {
        // Radix menus open on pointer down: so does the replay.
        if (event.button === 0 && !event.ctrlKey) onActivate("pointer");
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " " || (popup === "menu" && event.key === "ArrowDown")) {
          event.preventDefault();
          onActivate("keyboard");
        }
      }}
      // Assistive technologies may send a click alone (detail 0, as a keyboard's click).
      onClick={(event) => onActivate(event.detail === 0 ? "keyboard" : "pointer")}
    >
      {children}
      {hasChevron && <ChevronDown aria-hidden className="opacity-60" />}
    </Button>
  );
}

/** Calls `onMount` (a stable callback) once, after the real control (its sibling in the Suspense boundary) is on screen. */
function OnMount({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return null;
}

/**
 * Holds a lazily loaded control's place with a live look-alike and hands over what the visitor did to it: the
 * first activation (which opens the real control) and the focus.
 */
function DeferredControl({
  label,
  hasChevron,
  popup,
  children,
}: {
  label: ReactNode;
  hasChevron?: boolean;
  popup: Popup;
  /** Renders the real control; `activation` is only read when it mounts. */
  children: (activation: ControlActivation | null) => ReactNode;
}) {
  const [activation, setActivation] = useState<ControlActivation | null>(null);
  const hadFocusRef = useRef(false);
  const activationRef = useRef<ControlActivation | null>(null);
  const boxRef = useRef<HTMLSpanElement>(null);

  const handleActivate = useCallback((how: ControlActivation) => {
    loadControlsNow();
    // Pointer down, then click: one activation, the first one counts.
    activationRef.current ??= how;
    setActivation((current) => current ?? how);
  }, []);

  // An opened control moves focus itself (and gives it back to its trigger on close); otherwise focus that
  // rested on the look-alike goes to the real trigger, so the next Enter works.
  const handleMount = useCallback(() => {
    if (hadFocusRef.current && activationRef.current === null) {
      boxRef.current?.querySelector<HTMLElement>("button")?.focus({ preventScroll: true });
    }
    hadFocusRef.current = false;
  }, []);

  return (
    <span ref={boxRef} className="contents">
      <Suspense
        fallback={
          <Placeholder
            hasChevron={hasChevron}
            popup={popup}
            isPending={activation !== null}
            onActivate={handleActivate}
            hadFocusRef={hadFocusRef}
          >
            {label}
          </Placeholder>
        }
      >
        {children(activation)}
        <OnMount onMount={handleMount} />
      </Suspense>
    </span>
  );
}

export function LazyRatingFilter(props: ComponentProps<typeof RatingFilter>) {
  return (
    <DeferredControl label="Minimum rating" popup="menu">
      {(activation) => <RatingFilter {...props} activation={activation} />}
    </DeferredControl>
  );
}

export function LazyMultiSelect(props: ComponentProps<typeof MultiSelect>) {
  return (
    <DeferredControl label={props.label} popup="dialog">
      {(activation) => <MultiSelect {...props} defaultOpen={activation !== null} />}
    </DeferredControl>
  );
}

export function LazyAlertSettings(props: ComponentProps<typeof AlertSettings>) {
  return (
    <DeferredControl label="Rating alerts" popup="dialog">
      {(activation) => <AlertSettings {...props} activation={activation} />}
    </DeferredControl>
  );
}

export function LazyInspectionFilter(props: ComponentProps<typeof InspectionFilter>) {
  return (
    <DeferredControl label="Inspections" popup="dialog">
      {(activation) => <InspectionFilter {...props} activation={activation} />}
    </DeferredControl>
  );
}

export function LazySpecialFocusFilter(props: ComponentProps<typeof SpecialFocusFilter>) {
  return (
    <DeferredControl label="Special focus" popup="dialog">
      {(activation) => <SpecialFocusFilter {...props} activation={activation} />}
    </DeferredControl>
  );
}

export function LazySaveViewDialog(props: ComponentProps<typeof SaveViewDialog>) {
  return (
    <DeferredControl label="Save Current View" hasChevron={false} popup="dialog">
      {(activation) => <SaveViewDialog {...props} activation={activation} />}
    </DeferredControl>
  );
}

export function LazySavedViewsMenu(props: ComponentProps<typeof SavedViewsMenu>) {
  return (
    <DeferredControl label="Saved Views" popup="menu">
      {(activation) => <SavedViewsMenu {...props} activation={activation} />}
    </DeferredControl>
  );
}
