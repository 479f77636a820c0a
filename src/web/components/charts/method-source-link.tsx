// The link to where CMS published a methodology event, for the charts' lists and "What changed" (kept apart from
// the markers, which need recharts, so that the detail page's first chunk does not).
import { formatMonthYear } from "../../../core/history.ts";
import type { MethodologyEntry } from "../../../core/methodology.ts";

/**
 * The link to where CMS published an event. Its name says which event (an aria-label that starts with the visible
 * word): a hidden span would do it too, but inside a closed <details> its box lands outside the page.
 */
export function MethodSourceLink({ event }: { event: MethodologyEntry }) {
  return (
    <a
      href={event.sourceUrl}
      className="text-blue-700 underline underline-offset-2 hover:text-blue-900"
      rel="noreferrer"
      target="_blank"
      aria-label={`Source of ${formatMonthYear(event.date)}, ${event.label} (opens in a new tab)`}
    >
      Source
    </a>
  );
}
