// The server's settings, read and validated once at start.
import { z } from "zod";
import { readDbEnv } from "../db/env.ts";
import { readCmsEnv } from "../ingest/cms-env.ts";

const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_SOURCE: z.enum(["auto", "cms", "demo", "none"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STATIC_DIR: z.string().min(1).default("./dist/web"),
  /** Monthly archives fetched on first start (besides the current file), and kept loaded by the refresh. */
  CMS_BACKFILL_MONTHS: z.coerce.number().int().min(0).max(200).default(11),
  /** How long `auto` waits to reach CMS (its metadata and listing) before it falls back to demo data. */
  CMS_AUTO_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Seconds between checks of CMS for new files while serving; 0 turns the refresh off. */
  CMS_REFRESH_INTERVAL_S: z.coerce.number().int().min(0).default(43_200),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
});

export type ServerEnv = z.infer<typeof serverEnvSchema> &
  ReturnType<typeof readDbEnv> &
  ReturnType<typeof readCmsEnv>;

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return { ...parsed.data, ...readDbEnv(env), ...readCmsEnv(env) };
}
