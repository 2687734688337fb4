// Runs before each file of the unit project, which has no database (server/test/test-projects.ts):
// when a test fails because it reached for PostgreSQL anyway, say so and say where it belongs.
import { beforeEach } from "vitest";

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    // The errors as reported, causes included (Prisma's "Can't reach database server at 127.0.0.1:1").
    const reachedDatabase = /127\.0\.0\.1:1\b|unit_tests_have_no_database|"port":1\b/.test(JSON.stringify(task.result?.errors ?? []));
    if (reachedDatabase) {
      console.error(
        `"${task.name}" reached for the database, and unit tests have none. If it needs PostgreSQL, import what it uses ` +
          "the database through (db from server/db/client, a factory from server/test/factories) so that it runs in the db project.",
      );
    }
  });
});
