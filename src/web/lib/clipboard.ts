/** Copies text, falling back to a hidden text area where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    // execCommand is deprecated but it is the only copy path outside secure contexts.
    if (!document.execCommand("copy")) throw new Error("Copy command was refused");
  } finally {
    area.remove();
  }
}
