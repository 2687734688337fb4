// Generates the Prisma client. `prisma generate` needs no schema engine, but the CLI looks for one
// first and tries to download it, which fails offline; pointing it at any existing file skips that.
import { spawnSync } from "node:child_process";
import { writeModelColumns } from "./model-columns.mjs";

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
if (result.status === 0) writeModelColumns("prisma/schema.prisma", "server/db/generated/model-columns.ts");
process.exit(result.status ?? 1);
