// "Subscribe to changes": the address of a view's Atom feed of rating changes (docs/api.md, "Feeds of rating
// changes"), copied for a feed reader as Share View copies the page's address.
import type { FacilityQuery } from "../../core/api-types.ts";
import { changesFeedPath } from "../../core/change-feed.ts";
import { copyLink } from "./share-link.ts";

/** The absolute address of a view's feed (a feed reader needs the host too). */
export function changesFeedUrl(query: Partial<FacilityQuery>): string {
  return new URL(changesFeedPath(query), window.location.origin).toString();
}

/** Copies a feed's address and says so ('Feed link copied!'), with what the feed follows as the toast's detail. */
export function copyFeedLink(url: string, description: string): Promise<void> {
  return copyLink(url, { copied: "Feed link copied!", failed: "Could not copy the feed link", description });
}
