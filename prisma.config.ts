// Prisma CLI configuration. Herald applies migrations itself (scripts/db-migrate.ts) through the
// schema engine's WebAssembly build; this file serves `prisma generate` and, for users who have
// the Prisma CLI with its native engine, `prisma migrate deploy` against DATABASE_URL.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
