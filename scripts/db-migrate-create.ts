// npm run db:migrate:create -- <name>: writes a migration from the change to prisma/schema.prisma.
import { createMigration } from "../server/db/migrations";

const name = process.argv.slice(2).join("_");
try {
  const created = await createMigration(name);
  if (!created) {
    console.log("schema.prisma matches the migration history: no migration written.");
  } else {
    console.log(`Wrote ${created.path}/migration.sql\n\n${created.sql}`);
    console.log("Apply it with `npm run db:migrate` (Herald also applies it at start).");
  }
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
