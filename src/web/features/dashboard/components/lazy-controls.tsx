// The Radix-based controls (menus, popovers, dialog) load in their own chunk right after the first render, which
// keeps about 25 KB gzip out of the initial JavaScript (budget: 150 KB). Until then a look-alike, disabled
// button holds each place, so the layout does not move and nothing can be clicked half-loaded.
import { ChevronDown } from "lucide-react";
import { type ComponentProps, lazy, type ReactNode, Suspense } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";

const RatingFilter = lazy(() => import("./rating-filter.tsx").then((m) => ({ default: m.RatingFilter })));
const MultiSelect = lazy(() =>
  import("../../../components/ui/multi-select.tsx").then((m) => ({ default: m.MultiSelect })),
);
const AlertSettings = lazy(() => import("./alert-settings.tsx").then((m) => ({ default: m.AlertSettings })));
const SaveViewDialog = lazy(() =>
  import("./save-view-dialog.tsx").then((m) => ({ default: m.SaveViewDialog })),
);
const SavedViewsMenu = lazy(() =>
  import("./saved-views-menu.tsx").then((m) => ({ default: m.SavedViewsMenu })),
);

function Placeholder({ children, hasChevron = true }: { children: ReactNode; hasChevron?: boolean }) {
  return (
    <Button variant="outline" disabled className={cn("disabled:opacity-100")}>
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
