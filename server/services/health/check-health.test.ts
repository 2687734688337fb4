import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../db/embedded-postgres";
import { connectionParts, RawClient } from "../../test/pglite-test-client";
import { checkHealth } from "./check-health";

let database: EmbeddedPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dataDir: null });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await database.stop();
});

describe("the health check", () => {
  const ping = () => pool.query("SELECT 1");

  it("says the database does not answer while a stalled connection holds the embedded database, and answers again once it is gone", async () => {
    expect(await checkHealth({ ping, timeoutMs: 2_000 })).toEqual({ status: "ok", database: "answering" });
    const { port, password } = connectionParts(database.url);
    const stalled = await RawClient.signIn(port, password);
    stalled.query("BEGIN");
    await stalled.next("Z");
    // The held session lets no query through: the check must not wait for it.
    const waiting = ping();
    expect(await checkHealth({ ping: () => waiting, timeoutMs: 100 })).toEqual({ status: "unavailable", database: "not answering" });
    stalled.socket.destroy();
    await waiting;
    expect(await checkHealth({ ping, timeoutMs: 2_000 })).toEqual({ status: "ok", database: "answering" });
  });

  it("asks the database once while its query is still under way, however often it is checked", async () => {
    let queries = 0;
    let answer!: () => void;
    const hanging = () => {
      queries++;
      return new Promise<void>((resolve) => (answer = resolve));
    };
    for (let check = 0; check < 3; check++) {
      expect(await checkHealth({ ping: hanging, timeoutMs: 20 })).toMatchObject({ status: "unavailable" });
    }
    expect(queries).toBe(1);
    answer();
    expect(await checkHealth({ ping: hanging, timeoutMs: 1_000 })).toMatchObject({ status: "ok" });
  });

  it("says so when the database refuses the query", async () => {
    expect(await checkHealth({ ping: () => Promise.reject(new Error("connection refused")) })).toMatchObject({ status: "unavailable" });
  });
});
