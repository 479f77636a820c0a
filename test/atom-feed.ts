// Reads an Atom document as a feed reader would (@rowanmanning/feed-parser), after checking that it is well-formed
// XML (fast-xml-parser's validator) and has what RFC 4287 requires of a feed and its entries. Shared by the API tests
// and the browser tests.
import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLValidator } from "fast-xml-parser";

export const ATOM_NAMESPACE = "http://www.w3.org/2005/Atom";

export interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: string;
  content: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string | null;
  updated: string;
  authors: string[];
  /** The feed's links by relation (RFC 5005's first, last, previous, next among them). */
  links: Record<string, string>;
  entries: AtomEntry[];
}

/** An RFC 3339 date-time, as Atom's date constructs are. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** An absolute IRI (Atom's ids must be). */
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

type Element = ReturnType<typeof parseFeed>["element"];

function failUnless(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`not valid Atom: ${message}`);
}

function one(parent: Element, name: string, where: string): Element {
  const found = parent.findElementsWithName(name);
  failUnless(found.length === 1, `${where} has ${found.length} atom:${name} elements, not one`);
  return found[0] as Element;
}

function checkCommon(element: Element, where: string): void {
  failUnless(
    ABSOLUTE_IRI.test(one(element, "id", where).textContent.trim()),
    `${where}'s id is no absolute IRI`,
  );
  one(element, "title", where);
  failUnless(
    RFC_3339.test(one(element, "updated", where).textContent.trim()),
    `${where}'s updated is no date`,
  );
  const alternates = element
    .findElementsWithName("link")
    .filter((link) => (link.getAttribute("rel") ?? "alternate") === "alternate");
  failUnless(alternates.length <= 1, `${where} has ${alternates.length} alternate links`);
  for (const link of element.findElementsWithName("link")) {
    failUnless(Boolean(link.getAttribute("href")), `${where} has a link without href`);
  }
}

/** Checks `xml` and reads it; throws on anything that is not valid Atom. */
export function readAtomFeed(xml: string): AtomFeed {
  const wellFormed = XMLValidator.validate(xml);
  failUnless(wellFormed === true, `not well-formed XML: ${JSON.stringify(wellFormed)}`);
  const feed = parseFeed(xml);
  const root = feed.element;
  failUnless(root.name === "feed" && root.namespaceUri === ATOM_NAMESPACE, "the root is not atom:feed");
  checkCommon(root, "the feed");
  const feedAuthors = root.findElementsWithName("author");
  for (const author of feedAuthors) one(author, "name", "an author");
  const entryElements = root.findElementsWithName("entry");
  for (const [index, entry] of entryElements.entries()) {
    const where = `entry ${index + 1}`;
    checkCommon(entry, where);
    failUnless(entry.findElementsWithName("content").length <= 1, `${where} has several contents`);
    failUnless(
      feedAuthors.length > 0 || entry.findElementsWithName("author").length > 0,
      `${where} has no author, nor has the feed`,
    );
  }
  const links: Record<string, string> = {};
  for (const link of root.findElementsWithName("link")) {
    links[link.getAttribute("rel") ?? "alternate"] = link.getAttribute("href") as string;
  }
  const items = feed.items;
  failUnless(items.length === entryElements.length, "the parser found another number of entries");
  return {
    id: root.findElementWithName("id")?.textContent.trim() ?? "",
    title: feed.title ?? "",
    subtitle: feed.description,
    updated: root.findElementWithName("updated")?.textContent.trim() ?? "",
    authors: feed.authors.map((author) => author.name ?? ""),
    links,
    entries: items.map((item) => ({
      id: item.id ?? "",
      title: item.title ?? "",
      updated: item.element.findElementWithName("updated")?.textContent.trim() ?? "",
      link: item.url ?? "",
      content: item.content ?? "",
    })),
  };
}
