// The address of an affiliated entity's page. The name is one path segment, so every character that could end it
// or start a query or fragment ('/', '?', '#', '%', ...) is percent-encoded.
export function entityPath(name: string): string {
  return `/entity/${encodeURIComponent(name)}`;
}
