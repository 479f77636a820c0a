// The OpenAPI document: valid OpenAPI 3.1, every route of the app in it, served with its reference page; and the
// documented JSON answers to requests too large for the server's parser.
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Validator } from "@seriousme/openapi-schema-validator";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { createApp } from "./app.ts";
import { answerClientErrors } from "./client-errors.ts";
import { buildOpenApiDocument, OPERATIONS } from "./openapi.ts";

// The reference page and the document need no database: a stand-in that fails if one is asked.
const db = { kind: "pglite" } as unknown as Db;
const app = createApp({ db, logger: pino({ level: "silent" }) });
const document = buildOpenApiDocument() as {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
};

/** Routes of the app that are not API operations: middleware, and the not-found answer of other /api paths. */
const NOT_OPERATIONS = new Set(["*", "/api/*"]);

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has every route of the app, and nothing else", () => {
    const routes = new Set(
      app.routes
        .filter((route) => route.method !== "ALL" && !NOT_OPERATIONS.has(route.path))
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect([...routes].sort()).toEqual([...documented].sort());
    expect(routes.size).toBe(OPERATIONS.length);
  });

  it("resolves every $ref", () => {
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const path = ref.slice('"$ref":"#/'.length, -1).split("/");
      let target: unknown = document;
      for (const key of path) target = (target as Record<string, unknown>)[key];
      expect(target, ref).toBeTypeOf("object");
    }
  });

  it("describes every parameter's rules and the error answers", () => {
    const list = document.paths["/api/facilities"]?.get as {
      parameters: { name: string; schema: Record<string, unknown> }[];
      responses: Record<string, unknown>;
    };
    const param = (name: string) => list.parameters.find((p) => p.name === name)?.schema;
    expect(param("pageSize")).toMatchObject({ type: "integer", minimum: 1, maximum: 1000, default: 100 });
    expect(param("state")).toMatchObject({
      type: "array",
      maxItems: 1000,
      items: { pattern: "^[A-Za-z]{2}$" },
    });
    expect(param("sort")).toMatchObject({
      enum: ["name", "distance", "rating", "nurseHours", "weekendNurseHours"],
    });
    expect(Object.keys(list.responses)).toEqual(["200", "304", "400", "414", "431", "503"]);
    expect(Object.keys(document.components.responses ?? {})).toEqual(
      expect.arrayContaining(["BadRequest", "NotFound", "UriTooLong", "HeadersTooLarge", "Unavailable"]),
    );
  });

  it("is served at /api/openapi.json, rendered at /api/docs from the server's own files", async () => {
    const served = await app.request("/api/openapi.json");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await served.json()).toEqual(document);
    const page = await app.request("/api/docs");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(sources.length).toBe(4);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\//);
      expect((await app.request(source)).status).toBe(200);
    }
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect((await app.request("/api/docs/nothing.js")).status).toBe(404);
  });
});

describe("requests too large for the server", () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((ready) => {
      server = serve(
        { fetch: app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: { maxHeaderSize: 16 * 1024 } },
        (info: AddressInfo) => {
          port = info.port;
          ready();
        },
      );
    });
    answerClientErrors(server as import("node:http").Server);
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** Sends a raw request and reads the whole answer until the server closes; an error rejects (a reset). */
  const raw = (request: string) =>
    new Promise<string>((done, fail) => {
      const socket = connect(port, "127.0.0.1", () => socket.write(request));
      let answer = "";
      socket.setEncoding("latin1");
      socket.on("data", (data) => {
        answer += data;
      });
      socket.on("error", fail);
      socket.on("end", () => {
        socket.destroy();
        done(answer);
      });
    });

  for (const [what, size, status] of [
    ["a URL of 10 KB (the app's limit)", 10_000, 414],
    ["a URL of 38 KB", 38_000, 414],
    ["a URL of 84 KB", 84_000, 414],
    ["a URL of 200 KB", 200_000, 414],
  ] as const) {
    it(`answers ${what} with a JSON ${status}`, async () => {
      const answer = await raw(
        `GET /api/facilities?search=${"a".repeat(size)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer).toMatch(/\r\ncontent-type: application\/json(; charset=UTF-8)?\r\n/i);
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
        error: { message: "The request URL is too long" },
      });
    });
  }

  it("answers headers over 16 KiB with a JSON 431, with fetch too", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/meta`, {
      headers: { "x-big": "a".repeat(40_000) },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(await response.json()).toEqual({ error: { message: "The request headers are too large" } });
    const long = await fetch(`http://127.0.0.1:${port}/api/facilities?search=${"a".repeat(84_000)}`);
    expect(long.status).toBe(414);
    expect((await long.json()).error.message).toBe("The request URL is too long");
  });
});
