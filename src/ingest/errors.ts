/** A file that cannot be ingested: the message names the file and, where known, the line and column. */
export class IngestError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly line?: number,
    readonly column?: string,
  ) {
    const where = [line != null ? `line ${line}` : null, column ? `column "${column}"` : null].filter(
      Boolean,
    );
    super(`${file}${where.length ? ` (${where.join(", ")})` : ""}: ${problem}`);
    this.name = "IngestError";
  }
}
