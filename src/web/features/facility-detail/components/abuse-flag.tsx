// The abuse flag: where CMS shows its abuse icon for a home, or the home has abuse citations in the last three
// years, a red notice at the top of the Inspections section with what it means, and a link to it in the header.
import { ShieldAlert } from "lucide-react";
import type { MouseEvent } from "react";
import { cn } from "../../../lib/cn.ts";
import type { AbuseNotice } from "../lib/inspections.ts";

/** The id of the Inspections section's heading, which the header's link brings into view. */
export const INSPECTIONS_HEADING_ID = "section-inspections";

export function AbuseFlag({ notice }: { notice: AbuseNotice }) {
  return (
    <div
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
      data-testid="abuse-flag"
      data-kind={notice.kind}
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
      <div className="space-y-1">
        <h3 className="text-sm font-semibold">{notice.title}</h3>
        <p className="text-sm">{notice.text}</p>
      </div>
    </div>
  );
}

/**
 * The header's pointer to the flag: a link to the Inspections section that scrolls there and moves the focus to
 * its heading, without a history entry (the Back button keeps leaving the page).
 */
export function AbuseHeaderLink({ notice }: { notice: AbuseNotice }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(INSPECTIONS_HEADING_ID);
    if (!heading) return;
    event.preventDefault();
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  };
  const label = notice.kind === "icon" ? "CMS abuse icon" : "Cited for abuse";
  return (
    <a
      href={`#${INSPECTIONS_HEADING_ID}`}
      aria-label={`${label}: see Inspections`}
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800",
        "underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700",
      )}
      data-testid="abuse-header-link"
    >
      <ShieldAlert className="size-3.5" aria-hidden />
      {label}
    </a>
  );
}
