/** Options containing the query, ignoring case; the whole list for a blank query. */
export function filterOptions(options: readonly string[], query: string): readonly string[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return options;
  return options.filter((option) => option.toLowerCase().includes(needle));
}
