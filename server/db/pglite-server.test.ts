import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

let database: EmbeddedPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dataDir: null });
  pool = new pg.Pool({ connectionString: database.url, max: 12 });
  await pool.query("CREATE TABLE counter (id int PRIMARY KEY, value int NOT NULL)");
  await pool.query("INSERT INTO counter VALUES (1, 0)");
});
afterAll(async () => {
  await pool.end();
  await database.stop();
});

describe("embedded PostgreSQL server", () => {
  it("keeps concurrent extended-protocol batches and transactions of different connections apart", async () => {
    // The workload that breaks @electric-sql/pglite-socket 0.2 (bind errors, then a stuck queue).
    await pool.query("CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)");
    const answers = await Promise.all(
      Array.from({ length: 300 }, async (_, index) => {
        if (index % 3 === 0) {
          const client = await pool.connect();
          try {
            await client.query("BEGIN");
            await client.query("INSERT INTO notes (text) VALUES ($1)", [`note ${index}`]);
            const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM notes WHERE text = $1", [`note ${index}`]);
            await client.query("COMMIT");
            return rows[0]!.count === "1";
          } finally {
            client.release();
          }
        }
        const { rows } = await pool.query<{ a: number; b: string }>("SELECT $1::int + $2::int AS a, $3::text AS b", [index, 1, `v${index}`]);
        return rows[0]!.a === index + 1 && rows[0]!.b === `v${index}`;
      }),
    );
    expect(answers.every(Boolean)).toBe(true);
    expect((await pool.query("SELECT count(*)::int AS count FROM notes")).rows[0].count).toBe(100);
  });

  it("runs transactions from many connections one at a time, losing no update", async () => {
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const { rows } = await client.query<{ value: number }>("SELECT value FROM counter WHERE id = $1", [1]);
          await client.query("UPDATE counter SET value = $1 WHERE id = $2", [rows[0]!.value + 1, 1]);
          await client.query("COMMIT");
        } finally {
          client.release();
        }
      }),
    );
    expect((await pool.query("SELECT value FROM counter")).rows[0].value).toBe(40);
  });

  it("rolls back the transaction of a client that disconnects in the middle of it", async () => {
    const client = new pg.Client(database.url);
    await client.connect();
    await client.query("BEGIN");
    await client.query("UPDATE counter SET value = -1 WHERE id = 1");
    await client.end();
    expect((await pool.query("SELECT value FROM counter")).rows[0].value).toBe(40);
  });
});
