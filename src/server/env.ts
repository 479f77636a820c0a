// The server's settings, read and validated once at start.
import { z } from "zod";
import { readDbEnv } from "../db/env.ts";

const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_SOURCE: z.enum(["auto", "cms", "demo", "none"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STATIC_DIR: z.string().min(1).default("./dist/web"),
  CMS_BASE_URL: z.string().url().default("https://data.cms.gov"),
  /** Months of CMS history fetched on first start (besides the latest file). */
  CMS_BACKFILL_MONTHS: z.coerce.number().int().min(0).max(120).default(11),
  /** How long `auto` waits for CMS before it falls back to demo data. */
  CMS_AUTO_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
});

export type ServerEnv = z.infer<typeof serverEnvSchema> & ReturnType<typeof readDbEnv>;

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return { ...parsed.data, ...readDbEnv(env) };
}
