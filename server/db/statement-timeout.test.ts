import { describe, expect, it } from "vitest";
import { createDbClient } from "./client";

describe("the statement timeout on a PostgreSQL server", () => {
  it("ends a statement that runs longer than HERALD_DATABASE_STATEMENT_TIMEOUT, and the connection goes on", async () => {
    const client = createDbClient(process.env.DATABASE_URL!, 1, 200);
    try {
      await expect(client.$queryRaw`SELECT pg_sleep(5)`).rejects.toThrow(/statement timeout/);
      expect(await client.$queryRaw<Array<{ answer: number }>>`SELECT 42 AS answer`).toEqual([{ answer: 42 }]);
    } finally {
      await client.$disconnect();
    }
  });
});
