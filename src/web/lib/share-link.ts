import { copyText } from "./clipboard.ts";
import { toast } from "./toast.ts";

/** Copies the page's address and says so ('Link copied!', SPEC), with what the link shows as the toast's detail. */
export async function sharePageLink(description: string): Promise<void> {
  try {
    await copyText(window.location.href);
    toast.success("Link copied!", { description });
  } catch (error) {
    console.error("Could not copy the link", error);
    toast.error("Could not copy the link", { description: window.location.href });
  }
}
