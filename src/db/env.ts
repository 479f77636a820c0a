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
