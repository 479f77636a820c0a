// Property-based fuzzing of the API, driven by its own OpenAPI document: for every operation of /api/openapi.json,
// fast-check generates requests from the parameters' JSON Schemas (valid values within the rules, values from the
// demo data, and invalid ones: out of range, wrong words, too long, control characters, broken percent-encoding,
// repeated and unknown parameters, oversized URLs and headers) and checks each answer: no 5xx, no dropped
// connection, a documented status and content type, and a body that conforms to its documented schema (ajv,
// JSON Schema 2020-12).
//   tsx scripts/api-fuzz.ts [base URL]   (without one: starts the server on the demo dataset, as the browser tests)
// Prints "fuzz: N operations, N cases, N failures"; FUZZ_RUNS sets the generated cases per operation (default 100).
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { freePort } from "./free-port.ts";

type JsonSchema = Record<string, unknown> & {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  format?: string;
};
interface Parameter {
  name: string;
  in: "query" | "path";
  required?: boolean;
  schema: JsonSchema;
}
interface MediaTypes {
  [mediaType: string]: { schema?: JsonSchema };
}
interface Operation {
  path: string;
  parameters: Parameter[];
  responses: Record<string, { content?: MediaTypes }>;
}
/** A request: its path and query as sent (already encoded), extra headers, and whether every value is valid. */
interface Case {
  url: string;
  headers?: Record<string, string>;
  valid: boolean;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const DOC_ID = "https://api.invalid/openapi.json";

async function startServer(): Promise<{ base: string; child: ChildProcess | null }> {
  const given = process.argv[2];
  if (given) return { base: given.replace(/\/$/, ""), child: null };
  const port = await freePort();
  // Node itself runs the server (no wrapper process), so that its exit is the moment the database is free again.
  const server = resolve(import.meta.dirname, "e2e-server.ts");
  const child = spawn(process.execPath, ["--import", "tsx", server, "demo", String(port)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const until = Date.now() + 300_000;
  while (Date.now() < until && !exited) {
    const ok = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { base, child };
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error("the demo server did not start");
}

/** Resolves `{ $ref }` to the document's components (responses and parameters may be references). */
function deref<T>(document: Record<string, unknown>, value: T): T {
  const ref = (value as { $ref?: string })?.$ref;
  if (!ref) return value;
  let target: unknown = document;
  for (const key of ref.slice(2).split("/")) target = (target as Record<string, unknown>)[key];
  return deref(document, target as T);
}

const encode = (text: string) => encodeURIComponent(text);

/** Values that follow a schema; `known` adds values from the demo data (CCNs, names, states). */
function validValue(schema: JsonSchema, known: readonly string[] = []): fc.Arbitrary<string> {
  const generated = ((): fc.Arbitrary<string> => {
    if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
    if (schema.type === "integer") {
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000_000 }).map(String);
    }
    if (schema.format === "date") {
      return fc
        .date({ min: new Date("2015-01-01"), max: new Date("2027-12-31"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    }
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? 60, 60);
    if (schema.pattern) {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    }
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: "grapheme" }),
    );
  })();
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), generated) : generated;
}

/** Values that break a schema's rules, or the rules every query value has. */
function invalidValue(schema: JsonSchema): fc.Arbitrary<string> {
  const anyText: fc.Arbitrary<string>[] = [
    fc.constantFrom("\u0000", "a\u0001b", "\u007f", "x\u0085", "\ufffd"),
    fc.string({ minLength: 2001, maxLength: 2100 }),
  ];
  const specific: fc.Arbitrary<string>[] = [];
  if (schema.enum) specific.push(fc.string({ maxLength: 12 }).filter((text) => !schema.enum?.includes(text)));
  if (schema.type === "integer") {
    specific.push(
      fc.integer({ min: -1_000_000_000, max: (schema.minimum ?? 0) - 1 }).map(String),
      fc.integer({ min: (schema.maximum ?? 1e9) + 1, max: 2e9 }).map(String),
      fc.constantFrom("", " ", "abc", "1.5", "1e3", "0x10", "99999999999", "+3", "NaN"),
    );
  }
  if (schema.maxLength !== undefined) {
    specific.push(fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 40 }));
  }
  if (schema.pattern || schema.format) specific.push(fc.string({ maxLength: 20 }), fc.constant("2023-02-30"));
  return fc.oneof(...specific, ...anyText);
}

/** One value of a parameter, encoded for the URL, and whether it is valid. */
function parameterValue(parameter: Parameter, known: readonly string[], validOnly: boolean) {
  const schema = parameter.schema.type === "array" ? (parameter.schema.items ?? {}) : parameter.schema;
  if (validOnly) return validValue(schema, known).map((text) => ({ text: encode(text), valid: true }));
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, known).map((text) => ({ text: encode(text), valid: true })) },
    { weight: 1, arbitrary: invalidValue(schema).map((text) => ({ text: encode(text), valid: false })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("%", "%E0%A4%A", "%FF", "%ED%A0%80", "a%00b")
        .map((text) => ({ text, valid: false })),
    },
  );
}

/** Half the cases hold only valid values, the others invalid ones too. */
function caseArbitrary(operation: Operation, known: (name: string) => readonly string[]): fc.Arbitrary<Case> {
  return fc.oneof(someCase(operation, known, true), someCase(operation, known, false));
}

function someCase(
  operation: Operation,
  known: (name: string) => readonly string[],
  validOnly: boolean,
): fc.Arbitrary<Case> {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === "path");
  const queryParams = operation.parameters.filter((parameter) => parameter.in === "query");
  const path = fc
    .tuple(...pathParams.map((parameter) => parameterValue(parameter, known(parameter.name), validOnly)))
    .map((values) => {
      let url = operation.path;
      pathParams.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, values[index]?.text ?? "");
      });
      return { url, valid: values.every((value) => value.valid) };
    });
  const query = fc.tuple(
    ...queryParams.map((parameter) => {
      const repeated = parameter.schema.type === "array" || parameter.required !== true;
      const value = parameterValue(parameter, known(parameter.name), validOnly);
      const list = parameter.schema.type === "array";
      return fc
        .oneof(
          { weight: parameter.required ? 0 : validOnly ? 6 : 3, arbitrary: fc.constant([]) },
          { weight: 2, arbitrary: value.map((one) => [one]) },
          {
            weight: (validOnly ? list : repeated) ? 1 : 0,
            arbitrary: fc.array(value, { minLength: 2, maxLength: 4 }),
          },
        )
        .map((values) => ({
          parts: values.map((one) => `${parameter.name}=${one.text}`),
          // A repeated parameter that takes one value is an invalid request.
          valid:
            values.every((one) => one.valid) &&
            (values.length <= 1 || parameter.schema.type === "array") &&
            (values.length > 0 || !parameter.required),
        }));
    }),
  );
  const unknown = fc.oneof(
    { weight: validOnly ? 1 : 5, arbitrary: fc.constant([] as string[]) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.string({ maxLength: 8 }), { maxLength: 2 })
        .map((names) => names.map((n) => `${encode(`x${n}`)}=1`)),
    },
  );
  return fc.tuple(path, query, unknown).map(([pathPart, queryParts, extra]) => {
    const parts = [...queryParts.flatMap((part) => part.parts), ...extra];
    return {
      url: parts.length > 0 ? `${pathPart.url}?${parts.join("&")}` : pathPart.url,
      valid: pathPart.valid && queryParts.every((part) => part.valid),
    };
  });
}

/** Requests no parser should take: URLs beyond every limit, and headers beyond the server's. */
function oversizedCases(operation: Operation, sample: string): Case[] {
  const path = sample.split("?")[0] ?? operation.path;
  return [
    ...[10_000, 38_000, 84_000, 200_000].map((size) => ({
      url: `${path}?${"x".repeat(size)}=1`,
      valid: false,
    })),
    { url: path, headers: { "x-large": "a".repeat(40_000) }, valid: false },
  ];
}

async function main() {
  const { base, child } = await startServer();
  let failures = 0;
  let cases = 0;
  try {
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as Record<string, unknown> & {
      paths: Record<string, { get: { parameters?: Parameter[]; responses: Operation["responses"] } }>;
      components: { schemas: Record<string, unknown> };
    };
    // The document's schemas under one id, so that a response's schema can refer to them.
    const toDefs = (schema: unknown, prefix: string) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${prefix}#/$defs/`));
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: DOC_ID, $defs: toDefs(document.components.schemas, "") });
    const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
    const validatorFor = (schema: JsonSchema) => {
      let validate = validators.get(schema);
      if (!validate) {
        validate = ajv.compile(toDefs(schema, DOC_ID));
        validators.set(schema, validate);
      }
      return validate;
    };

    // Values from the demo data, so that generated requests also reach the answers of things that exist.
    const list = (await (await fetch(`${base}/api/facilities?pageSize=30`)).json()) as {
      data: { ccn: string }[];
    };
    const entities = ((await (await fetch(`${base}/api/lookups/entities`)).json()) as string[]).slice(0, 30);
    const states = (await (await fetch(`${base}/api/lookups/states`)).json()) as string[];
    const places = ((await (await fetch(`${base}/api/places?q=a`)).json()) as { label: string }[]).map(
      (place) => place.label,
    );
    const owners = (await (await fetch(`${base}/api/owners?q=ll`)).json()) as {
      type: string;
      name: string;
    }[];
    const knownValues: Record<string, readonly string[]> = {
      ccn: list.data.map((item) => item.ccn),
      // Entity names (/api/entities/{name}) and owner names (/api/owners/{type}/{name}).
      name: [...entities, ...owners.map((owner) => owner.name)],
      entity: entities,
      state: states,
      near: [...places, "94110"],
      q: ["spring", "9", "a", "san", "he", "llc health"],
      owner: owners.map((owner) => `${owner.type}:${owner.name}`),
    };
    const known = (name: string) => knownValues[name] ?? [];

    /** Sends a case and returns what is wrong with the answer (empty when nothing). */
    let statuses = new Map<number, number>();
    const check = async (operation: Operation, request: Case): Promise<string[]> => {
      let response: Response;
      let body: string;
      try {
        response = await fetch(`${base}${request.url}`, {
          headers: { "accept-encoding": "gzip", ...request.headers },
          signal: AbortSignal.timeout(60_000),
        });
        body = await response.text();
      } catch (error) {
        return [`no answer: ${(error as Error).cause ?? (error as Error).message}`];
      }
      const problems: string[] = [];
      const status = String(response.status);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) problems.push(`status ${status}: ${body.slice(0, 200)}`);
      const documented = deref(document, operation.responses[status] ?? operation.responses.default);
      if (!documented) return [...problems, `status ${status} is not documented: ${body.slice(0, 200)}`];
      if (!documented.content) {
        if (body.length > 0) problems.push(`status ${status} has a body, documented without one`);
        return problems;
      }
      const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
      const media = documented.content[mediaType] ?? documented.content["*/*"];
      if (!media) {
        return [...problems, `content type ${JSON.stringify(mediaType)} is not documented for ${status}`];
      }
      if (mediaType === "application/json" && media.schema) {
        let value: unknown;
        try {
          value = JSON.parse(body);
        } catch {
          return [...problems, `status ${status}: the body is not JSON`];
        }
        const validate = validatorFor(media.schema);
        if (!validate(value)) {
          problems.push(`status ${status}: the body does not conform: ${ajv.errorsText(validate.errors)}`);
        }
      }
      return problems;
    };

    const paths = Object.entries(document.paths);
    console.log(
      `fuzz: ${paths.length} operations from ${base}/api/openapi.json, ${RUNS} generated cases each`,
    );
    for (const [path, item] of paths) {
      const operation: Operation = {
        path,
        parameters: (item.get.parameters ?? []).map((parameter) => deref(document, parameter)),
        responses: item.get.responses,
      };
      const arbitrary = caseArbitrary(operation, known);
      let operationCases = 0;
      statuses = new Map();
      const run = (request: Case) => {
        operationCases += 1;
        return check(operation, request);
      };
      let failed: string | null = null;
      try {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (request) => {
            const problems = await run(request);
            if (problems.length > 0) throw new Error(`${request.url.slice(0, 300)}: ${problems.join("; ")}`);
          }),
          { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20260101), endOnFailure: false },
        );
      } catch (error) {
        failed = (error as Error).message.split("\n").slice(0, 8).join("\n");
      }
      const [sample] = fc.sample(arbitrary, { numRuns: 1, seed: 1 });
      for (const request of oversizedCases(operation, sample?.url ?? path)) {
        const problems = await run(request);
        if (problems.length > 0 && !failed) failed = `${request.url.slice(0, 80)}...: ${problems.join("; ")}`;
      }
      cases += operationCases;
      if (failed) failures += 1;
      console.log(
        `  ${failed ? "FAIL" : "ok  "} GET ${path}: ${operationCases} cases (${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}: ${count}`)
          .join(", ")})${failed ? `\n      ${failed}` : ""}`,
      );
    }
    console.log(`fuzz: ${paths.length} operations, ${cases} cases, ${failures} failures`);
    if (process.env.FUZZ_REPORT) {
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ operations: paths.length, cases, failures }));
    }
  } finally {
    // The demo database is the browser tests' too: its server must have stopped (and let go of it) first.
    if (child?.pid) {
      const exited = new Promise((done) => child.on("exit", done));
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    }
  }
  process.exit(failures > 0 ? 1 : 0);
}

await main();
