// The rule that a feature imports only the shared folders (components, hooks, lib) and src/core, never another
// feature, is Biome's noRestrictedImports with one override per folder depth (biome.json). These tests lint made-up
// files laid out like src/web with that configuration, and the real src/web.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const BIOME = join(ROOT, "node_modules/.bin/biome");

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

/** The import restrictions Biome reports for `target` (a folder or file) in the project at `cwd`, as "path:line". */
function restrictedImports(cwd: string, target: string): { found: string[]; diagnostics: Diagnostic[] } {
  const result = spawnSync(
    BIOME,
    ["lint", "--only=style/noRestrictedImports", "--reporter=json", "--max-diagnostics=none", target],
    { cwd, encoding: "utf8" },
  );
  const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
  const diagnostics = report.diagnostics.filter((d) => d.category === "lint/style/noRestrictedImports");
  return {
    found: diagnostics.map((d) => `${d.location.path}:${d.location.start.line}`).sort(),
    diagnostics,
  };
}

// Each file's lines; the comment ending a line says whether the check must reject it.
const FILES: Record<string, string[]> = {
  "src/web/features/entity/entity-page.tsx": [
    'import { useFavorites } from "../dashboard/hooks/use-favorites.ts"; // rejected',
    'import { Grid } from "../../components/facility-cards/facility-card-grid.tsx";',
    'import { entityQueryOptions } from "./api/entity-queries.ts";',
    'import { format } from "../../../core/format.ts";',
  ],
  "src/web/features/entity/components/entity-facilities.tsx": [
    'import { FacilityCardGrid } from "../../dashboard/components/facility-card-grid.tsx"; // rejected',
    'import { PaginationNav } from "../../../components/pagination-nav.tsx";',
    'import { ENTITY_PAGE_SIZE } from "../api/entity-queries.ts";',
    'import { EntityHeader } from "./entity-header.tsx";',
    'import { getPageRange } from "../../../../core/pagination.ts";',
    'import { ComparePage } from "../../../features/compare/compare-page.tsx"; // rejected',
  ],
  "src/web/features/compare/compare-page.tsx": [
    'const Detail = import("../facility-detail/facility-detail-page.tsx"); // rejected',
    'export { facilityKeys } from "../dashboard/api/facilities-queries.ts"; // rejected',
    'import type { EntityPageProps } from "../entity/entity-page.tsx"; // rejected',
    'import { compareHref } from "../../lib/compare-selection.ts";',
  ],
  "src/web/features/facility-detail/lib/facility-lines.test.ts": [
    'import { entityPath } from "../../entity/lib/entity-path.ts"; // rejected',
    'import { getDetailSections } from "./facility-lines.ts";',
  ],
  "src/web/features/dashboard/components/a/b/deep.ts": [
    'import { CompareBar } from "../../../../compare/components/bar.tsx"; // rejected',
    'import { cn } from "../../../../../lib/cn.ts";',
    'import { FilterBar } from "../../filter-bar.tsx";',
  ],
  "src/web/features/dashboard/components/a/b/c/too-deep.ts": ['import { cn } from "../x.ts"; // rejected'],
  "src/web/lib/shared.ts": [
    'import { getViewTitle } from "../features/dashboard/view-title.ts"; // rejected',
    'import { cn } from "./cn.ts";',
  ],
  "src/web/components/shared.tsx": [
    'import { CompareTable } from "../features/compare/table.tsx"; // rejected',
  ],
  "src/web/app/app.tsx": [
    'const EntityPage = import("../features/entity/entity-page.tsx");',
    'import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";',
  ],
};

describe("imports between web features", () => {
  let project = "";

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), "feature-imports-"));
    const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8")) as Record<string, unknown>;
    // The copy lies outside the repository.
    config.vcs = { enabled: false };
    delete config.$schema;
    writeFileSync(join(project, "biome.json"), JSON.stringify(config));
    for (const [path, lines] of Object.entries(FILES)) {
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), `${lines.join("\n")}\n`);
    }
  });

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it("rejects every import of another feature, relative or dynamic, a re-export, and shared code importing one", () => {
    const expected = Object.entries(FILES)
      .flatMap(([path, lines]) =>
        lines.flatMap((line, index) => (line.endsWith("// rejected") ? [`${path}:${index + 1}`] : [])),
      )
      .sort();
    const { found, diagnostics } = restrictedImports(project, "src");
    expect(found).toEqual(expected);
    const crossFeature = diagnostics.find(
      (d) => d.location.path === "src/web/features/entity/components/entity-facilities.tsx",
    );
    expect(crossFeature?.message).toContain("never another feature");
  });

  it("finds no feature importing another in src/web", () => {
    expect(restrictedImports(ROOT, "src/web").found).toEqual([]);
  });
});
