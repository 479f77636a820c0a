// GET /api/feeds/changes.atom (docs/api.md, "Feeds of rating changes"): the Atom feed (RFC 4287) of the rating
// changes of a view's facilities, paged as RFC 5005 section 3 says. The document is written by the `feed` package;
// it has no way to add links other than self, alternate and hub, so the paging links (first, last, previous, next)
// are inserted after its self link (docs/architecture.md, "Feeds of rating changes").
import { Feed } from "feed";
import { parseFacilityQuery, QueryParamError } from "../core/api-query.ts";
import type { FacilityQuery } from "../core/api-types.ts";
import {
  CHANGES_FEED_PATH,
  changeEntryTitle,
  changesFeedParams,
  changesFeedPath,
  changesFeedTitle,
  describeChange,
  describeReleases,
  FEED_AUTHOR,
  FEED_PAGE_SIZE,
} from "../core/change-feed.ts";
import { formatMonthYear } from "../core/dates.ts";
import type { FeedEntryRow, FeedPage } from "./feed-repository.ts";

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

/**
 * The authority and date of the feeds' tag URIs (RFC 4151): ids that name the product, not the host the feed was
 * fetched from, so an entry keeps its id behind any address (http or https, a proxy, a new domain).
 */
const TAG = "tag:cms-star-ratings-dashboard,2026";

/** A feed request: the view (the list's filters), the page, and the origin its links are written with. */
export interface FeedRequest {
  query: FacilityQuery;
  page: number;
  origin: string;
  /** The response cache's key: the origin (the document holds absolute links) and the canonical request. */
  cacheKey: string;
}

/**
 * The parameters of a feed request: the list's filters, validated as the list validates them (a 400 naming the
 * parameter), and `page`; the list's `pageSize` is ignored.
 */
export function parseFeedRequest(url: string): FeedRequest {
  const parsed = new URL(url);
  const params = new URLSearchParams(parsed.search);
  params.delete("pageSize");
  const query = parseFacilityQuery(params);
  return {
    query,
    page: query.page,
    origin: parsed.origin,
    cacheKey: `feeds/changes|${parsed.origin}|${changesFeedPath(query, query.page)}`,
  };
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text as XML (and HTML) character data or an attribute's value. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string);
}

/** A UTC midnight of a processing date, as Atom's dates are written. */
function dateOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The page of the dashboard (or of the facility) that shows the view. */
function alternatePath(query: FacilityQuery): string {
  if (query.ccns?.length === 1) return `/facility/${encodeURIComponent(query.ccns[0] as string)}`;
  const params = changesFeedParams({ ...query, ccns: null });
  return params.size > 0 ? `/?${params}` : "/";
}

function entryContent(entry: FeedEntryRow, facilityUrl: string): string {
  const where = [entry.city, entry.state].filter(Boolean).join(", ");
  const heading = `${entry.name}${where ? `, ${where}` : ""} (CCN ${entry.ccn}): star ratings in ${describeReleases(
    entry.date,
    entry.previousDate,
  )}.`;
  const items = entry.changes.map((change) => `<li>${escapeXml(describeChange(change))}</li>`).join("");
  return `<p>${escapeXml(heading)}</p><ul>${items}</ul><p><a href="${escapeXml(facilityUrl)}">See the facility's ratings and history</a></p>`;
}

/**
 * The Atom document of a page of a view's changes. A page past the last is a 400 naming `page` (an empty view has
 * one page, with no entries).
 */
export function renderChangesFeed(
  request: FeedRequest,
  page: FeedPage,
  names: { place: string | null },
): string {
  const { query, origin } = request;
  const pages = Math.max(1, Math.ceil(page.total / FEED_PAGE_SIZE));
  if (request.page > pages) {
    throw new QueryParamError(
      "page",
      `page must be from 1 to ${pages}: the feed of this view has ${pages} ${pages === 1 ? "page" : "pages"}`,
    );
  }
  const newest = page.releases[0] as string;
  const oldest = page.releases.at(-1) as string;
  const url = (path: string) => `${origin}${path}`;
  const pageUrl = (number: number) => url(changesFeedPath(query, number));
  const feedParams = changesFeedParams(query).toString();
  const feed = new Feed({
    id: `${TAG}:${CHANGES_FEED_PATH}${feedParams ? `?${feedParams}` : ""}`,
    title: changesFeedTitle(query, { place: names.place, facility: page.facility }),
    description:
      `Changes of the overall, health inspection, staffing and quality measures star ratings of the facilities in ` +
      `this view, in the newest ${page.releases.length} CMS releases (${formatMonthYear(oldest)} to ` +
      `${formatMonthYear(newest)}), newest first: ${page.total} in all.`,
    updated: dateOf(newest),
    link: url(alternatePath(query)),
    feedLinks: { atom: pageUrl(request.page) },
    author: { name: FEED_AUTHOR },
    generator: FEED_AUTHOR,
  });
  for (const entry of page.entries) {
    const facilityUrl = url(`/facility/${encodeURIComponent(entry.ccn)}`);
    feed.addItem({
      id: `${TAG}:facility/${entry.ccn}/${entry.date}`,
      // The package declares the title as HTML: a name's "&" or "<" is text.
      title: escapeXml(changeEntryTitle(entry, entry.changes)),
      link: facilityUrl,
      date: dateOf(entry.date),
      content: entryContent(entry, facilityUrl),
    });
  }
  const paging: [rel: string, number: number][] = [
    ["first", 1],
    ...(request.page > 1 ? [["previous", request.page - 1] as [string, number]] : []),
    ...(request.page < pages ? [["next", request.page + 1] as [string, number]] : []),
    ["last", pages],
  ];
  const links = paging
    .map(
      ([rel, number]) =>
        `\n    <link rel="${rel}" type="application/atom+xml" href="${escapeXml(pageUrl(number))}"/>`,
    )
    .join("");
  const xml = feed.atom1();
  const self = /<link rel="self" href="[^"]*"\/>/.exec(xml);
  if (!self) throw new Error("the feed package wrote no self link to put the paging links after");
  const at = self.index + self[0].length;
  return `${xml.slice(0, at)}${links}${xml.slice(at)}`;
}
