// The API reference page at /api/docs: Swagger UI (the swagger-ui-dist package, served from node_modules, no CDN)
// rendering /api/openapi.json. The page's own script is a file (init.js), so the app's content security policy
// (scripts from the server only) applies to it unchanged.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildOpenApiDocument } from "./openapi.ts";
import { gzipExact, hashKey } from "./response-cache.ts";
import type { StaticFile } from "./static-files.ts";

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference - CMS Star Ratings Dashboard</title>
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// validatorUrl null: the page never asks a validator service on the internet.
const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

/** The files of swagger-ui-dist the page uses. */
const PACKAGE_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=UTF-8",
  "swagger-ui-bundle.js": "text/javascript; charset=UTF-8",
  "favicon-32x32.png": "image/png",
};

function file(body: Buffer, contentType: string, compress: boolean): StaticFile {
  return {
    contentType,
    body,
    etag: `"${hashKey(body.toString("latin1"))}-${body.length}"`,
    ...(compress ? { gzipped: gzipExact(body, 9) } : {}),
  };
}

let files: Map<string, StaticFile> | null = null;

/** The page ("" ) and its files by name, read and compressed once, at the first request. */
export function apiDocsFiles(): Map<string, StaticFile> {
  if (files) return files;
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/absolute-path.js"));
  files = new Map([
    ["", file(Buffer.from(PAGE), "text/html; charset=UTF-8", false)],
    ["init.js", file(Buffer.from(INIT), "text/javascript; charset=UTF-8", false)],
  ]);
  for (const [name, contentType] of Object.entries(PACKAGE_FILES)) {
    files.set(name, file(readFileSync(join(dist, name)), contentType, !name.endsWith(".png")));
  }
  return files;
}

let documentFile: StaticFile | null = null;

/** /api/openapi.json: the document built once, at the first request. */
export function openApiFile(): StaticFile {
  documentFile ??= file(
    Buffer.from(JSON.stringify(buildOpenApiDocument())),
    "application/json; charset=UTF-8",
    true,
  );
  return documentFile;
}
