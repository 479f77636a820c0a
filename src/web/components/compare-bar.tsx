// The compare bar: fixed at the bottom of the pages with Compare toggles (the dashboard, a facility's page, an
// affiliated entity's page) while facilities are chosen, naming them, with the way to the comparison. It is
// rendered at the end of <body>, so it comes last in the keyboard order, where it is seen. While it shows, the page
// keeps room below its end for it (see styles.css), so that nothing stays hidden under it.
import { GitCompareArrows, X } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { useCompareSelection } from "../hooks/use-compare-selection.ts";
import { compareChipTexts, compareHref, MAX_COMPARE_FACILITIES } from "../lib/compare-selection.ts";
import { Button } from "./ui/button.tsx";

/** The custom property (on <html>) holding the room the bar takes at the bottom of the window. */
export const COMPARE_BAR_SPACE_VAR = "--compare-bar-space";

/** Air between the end of the page and the top of the bar, in px. */
const GAP_PX = 16;

export function CompareBar() {
  const { items, remove, clear } = useCompareSelection();
  const isShown = items.length > 0;
  const barRef = useRef<HTMLElement>(null);

  // The room is measured, not assumed: the bar grows when its chips wrap (a narrow window, long names).
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!isShown || !bar) return;
    const root = document.documentElement;
    const update = () => {
      const space = root.clientHeight - bar.getBoundingClientRect().top + GAP_PX;
      root.style.setProperty(COMPARE_BAR_SPACE_VAR, `${Math.max(0, Math.ceil(space))}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty(COMPARE_BAR_SPACE_VAR);
    };
  }, [isShown]);

  if (!isShown) return null;
  return createPortal(
    <section
      ref={barRef}
      aria-label="Facilities to compare"
      className="fixed bottom-4 left-1/2 z-30 flex w-max max-w-[calc(100vw-10rem)] -translate-x-1/2 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-300 bg-white py-2 pr-2 pl-4 shadow-lg"
    >
      <p className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-slate-700">
        <GitCompareArrows aria-hidden className="size-4 text-blue-700" />
        {items.length} of {MAX_COMPARE_FACILITIES}
      </p>
      <ul className="flex min-w-0 flex-wrap items-center gap-1.5">
        {compareChipTexts(items).map((text) => (
          <li
            key={text.ccn}
            title={text.title}
            className="flex min-w-0 items-center gap-0.5 rounded-lg bg-slate-100 py-1 pr-0.5 pl-3 text-slate-800"
          >
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="max-w-40 truncate text-sm font-medium">{text.name}</span>
              {text.detail && (
                <>
                  <span className="sr-only">, </span>
                  <span className="max-w-40 truncate text-xs text-slate-600">{text.detail}</span>
                </>
              )}
            </span>
            <button
              type="button"
              onClick={() => remove(text.ccn)}
              aria-label={text.removeLabel}
              className="rounded-full p-1 text-slate-500 outline-none hover:bg-slate-200 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex shrink-0 items-center gap-1">
        <Button asChild size="sm">
          <Link to={compareHref(items.map((item) => item.ccn))}>Compare ({items.length})</Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={clear}>
          Clear
        </Button>
      </div>
    </section>,
    document.body,
  );
}
