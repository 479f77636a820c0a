// Where CMS files come from and where their downloads are kept, read from the environment by the command line and
// the server.
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { readDbEnv } from "../db/env.ts";

const cmsEnvSchema = z.object({
  CMS_BASE_URL: z.string().url().default("https://data.cms.gov"),
  CMS_CACHE_DIR: z.string().min(1).optional(),
});

export interface CmsEnv {
  CMS_BASE_URL: string;
  /** The download cache: CMS_CACHE_DIR, or `downloads` beside the embedded database's folder. */
  CMS_CACHE_DIR: string;
}

export function readCmsEnv(env: NodeJS.ProcessEnv = process.env): CmsEnv {
  const parsed = cmsEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const { DATA_DIR } = readDbEnv(env);
  return {
    CMS_BASE_URL: parsed.data.CMS_BASE_URL,
    CMS_CACHE_DIR: parsed.data.CMS_CACHE_DIR ?? join(dirname(resolve(DATA_DIR)), "downloads"),
  };
}
