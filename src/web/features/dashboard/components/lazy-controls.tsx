// The Radix-based controls (menus, popovers, dialog) load in their own chunks after the first page of cards is
// on screen (controls-loader.ts), which keeps about 25 KB gzip out of the initial JavaScript (budget: 150 KB)
// and their start-up work away from the first render. Until then a look-alike, disabled button holds each
// place, so the layout does not move and nothing can be clicked half-loaded. A control that cannot load at all
// stays a disabled button that says so, instead of breaking the page.
import { ChevronDown } from "lucide-react";
import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { loadControl } from "../controls-loader.ts";

const UNAVAILABLE = "This control could not be loaded. Reload the page to try again.";

function lazyControl<P extends object>(load: () => Promise<ComponentType<P>>, label: (props: P) => string) {
  return lazy(() =>
    loadControl(load)
      .then((component) => ({ default: component }))
      .catch((error: unknown) => {
        console.error("A dashboard control could not be loaded", error);
        // biome-ignore lint/correctness/noComponentHookFactories: made once per control, when its load fails
        const Unavailable = (props: P) => <Placeholder title={UNAVAILABLE}>{label(props)}</Placeholder>;
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
const SaveViewDialog = lazyControl(
  () => import("./save-view-dialog.tsx").then((m) => m.SaveViewDialog),
  () => "Save Current View",
);
const SavedViewsMenu = lazyControl(
  () => import("./saved-views-menu.tsx").then((m) => m.SavedViewsMenu),
  () => "Saved Views",
);

function Placeholder({
  children,
  hasChevron = true,
  title,
}: {
  children: ReactNode;
  hasChevron?: boolean;
  title?: string;
}) {
  return (
    <Button variant="outline" disabled title={title} className="disabled:opacity-100">
      {children}
      {hasChevron && <ChevronDown aria-hidden className="opacity-60" />}
    </Button>
  );
}

export function LazyRatingFilter(props: ComponentProps<typeof RatingFilter>) {
  return (
    <Suspense fallback={<Placeholder>Minimum rating</Placeholder>}>
      <RatingFilter {...props} />
    </Suspense>
  );
}

export function LazyMultiSelect(props: ComponentProps<typeof MultiSelect>) {
  return (
    <Suspense fallback={<Placeholder>{props.label}</Placeholder>}>
      <MultiSelect {...props} />
    </Suspense>
  );
}

export function LazyAlertSettings(props: ComponentProps<typeof AlertSettings>) {
  return (
    <Suspense fallback={<Placeholder>Rating alerts</Placeholder>}>
      <AlertSettings {...props} />
    </Suspense>
  );
}

export function LazySaveViewDialog(props: ComponentProps<typeof SaveViewDialog>) {
  return (
    <Suspense fallback={<Placeholder hasChevron={false}>Save Current View</Placeholder>}>
      <SaveViewDialog {...props} />
    </Suspense>
  );
}

export function LazySavedViewsMenu(props: ComponentProps<typeof SavedViewsMenu>) {
  return (
    <Suspense fallback={<Placeholder>Saved Views</Placeholder>}>
      <SavedViewsMenu {...props} />
    </Suspense>
  );
}
