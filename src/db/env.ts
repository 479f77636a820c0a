// Database settings from the environment, shared by the server, the ingest CLI and the benchmarks.
import { z } from "zod";

const dbEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data/db"),
});

export type DbEnv = z.infer<typeof dbEnvSchema>;

export function readDbEnv(env: NodeJS.ProcessEnv = process.env): DbEnv {
  const parsed = dbEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

/**
 * How the command-line ingest opens the embedded database (and the benchmarks that measure it): on the ingest's
 * own thread, which has nothing else to do while a statement runs, and with 64 MB of shared buffers instead of
 * 128 MB (a load writes each page about once; see OpenDbOptions). The server keeps the database's thread and the
 * folder's 128 MB.
 */
export const INGEST_PGLITE = { inProcess: true, sharedBuffers: "64MB" } as const;
