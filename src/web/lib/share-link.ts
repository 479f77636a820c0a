import { copyText } from "./clipboard.ts";
import { toast } from "./toast.ts";

/**
 * Copies an address and says so in a toast (`copied`, with `description` as its detail); when the clipboard refuses,
 * says that (`failed`) and shows the address instead, to copy by hand.
 */
export async function copyLink(
  url: string,
  texts: { copied: string; failed: string; description: string },
): Promise<void> {
  try {
    await copyText(url);
    toast.success(texts.copied, { description: texts.description });
  } catch (error) {
    console.error(texts.failed, error);
    toast.error(texts.failed, { description: url });
  }
}

/** Copies the page's address and says so ('Link copied!', SPEC), with what the link shows as the toast's detail. */
export function sharePageLink(description: string): Promise<void> {
  return copyLink(window.location.href, {
    copied: "Link copied!",
    failed: "Could not copy the link",
    description,
  });
}
