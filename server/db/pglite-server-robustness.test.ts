// The embedded PostgreSQL server against clients that read slowly, send garbage, stall or die
// mid-transaction, and against clients that do not know its password (issue 30, points 2 and 5).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";
import { connectionParts, errorFields, pausableProxy, RawClient, startupMessage } from "../test/pglite-test-client";
import { frontendMessage } from "./pglite-wire";

/** Short, so the stalled-client tests take a fraction of a second. */
const STATEMENT_TIMEOUT_MS = 300;

let database: EmbeddedPostgres;
let pool: pg.Pool;
let port: number;
let password: string;

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dataDir: null, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  ({ port, password } = connectionParts(database.url));
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await pool.query("CREATE TABLE account (id int PRIMARY KEY, balance int NOT NULL)");
  await pool.query("INSERT INTO account VALUES (1, 100)");
});
afterAll(async () => {
  await pool.end();
  await database.stop();
});

const ROWS = 6_000;
/** About 12 MB: more than the kernel's socket buffers hold, so the server's writes queue in Node. */
const bigQuery = `SELECT i, repeat(chr(65 + i % 26), 2000) || i AS text FROM generate_series(1, ${ROWS}) AS i`;

describe("a client that reads slowly", () => {
  it("gets exactly the rows it asked for while other queries reuse the database's memory, and the database keeps answering", async () => {
    const proxy = await pausableProxy(port);
    const slow = new pg.Client({ connectionString: database.url.replace(`:${port}/`, `:${proxy.port}/`) });
    await slow.connect();
    try {
      proxy.pause();
      const answer = slow.query<{ i: number; text: string }>(bigQuery);
      // Other clients' results (all "z") go through PGlite's output memory while the slow client's
      // bytes still wait to be sent.
      for (let round = 0; round < 5; round++) {
        const { rows } = await pool.query<{ text: string }>("SELECT repeat('z', 2000) AS text FROM generate_series(1, 500)");
        expect(rows.every((row) => row.text === "z".repeat(2000))).toBe(true);
      }
      proxy.resume();
      const { rows } = await answer;
      expect(rows).toHaveLength(ROWS);
      const wrong = rows.filter((row) => row.text !== String.fromCharCode(65 + (row.i % 26)).repeat(2000) + row.i);
      expect(wrong.length, "rows whose bytes changed on the way").toBe(0);
      expect(rows.map((row) => row.i)).toEqual(Array.from({ length: ROWS }, (_, index) => index + 1));
      expect((await pool.query("SELECT balance FROM account WHERE id = 1")).rows[0].balance).toBe(100);
      expect((await slow.query("SELECT 41 + 1 AS answer")).rows[0].answer).toBe(42);
    } finally {
      await slow.end().catch(() => undefined);
      await proxy.close();
    }
  });
});

describe("a client that breaks the protocol", () => {
  async function expectDropped(client: RawClient, sqlState: string) {
    const error = await client.next("E");
    expect(error.type).toBe("E");
    expect(errorFields(error.body)).toMatchObject({ S: "FATAL", C: sqlState });
    await client.closed;
  }

  it("loses its own connection on a bogus message length, while another client keeps working", async () => {
    const client = await RawClient.signIn(port, password);
    const other = await pool.connect();
    try {
      await other.query("SELECT 1");
      client.send(Buffer.from("Qzzzz")); // "zzzz": a length of 2,054,851,637 bytes
      await expectDropped(client, "08P01");
      expect((await other.query("SELECT balance FROM account WHERE id = 1")).rows[0].balance).toBe(100);
    } finally {
      other.release();
    }
  });

  it("loses its own connection on a message type PostgreSQL does not have (PGlite would hang on it)", async () => {
    const client = await RawClient.signIn(port, password);
    client.send(frontendMessage("\u0001", Buffer.from("zz")));
    await expectDropped(client, "08P01");
    expect((await pool.query("SELECT 2 AS two")).rows[0].two).toBe(2);
  });

  it("loses its own connection on an impossible startup packet", async () => {
    const client = await RawClient.open(port);
    // A length of 0 with the SSL request's code: the old framing answered "N" to it forever.
    client.send(Buffer.from([0, 0, 0, 0, 0x04, 0xd2, 0x16, 0x2f]));
    await expectDropped(client, "08P01");
    expect((await pool.query("SELECT 3 AS three")).rows[0].three).toBe(3);
  });

  it("frames messages split across TCP packets and many messages in one packet", async () => {
    const client = await RawClient.signIn(port, password);
    const batch = Buffer.concat(["SELECT 'one'", "SELECT 'two'", "SELECT 'three'"].map((sql) => frontendMessage("Q", Buffer.from(`${sql}\0`))));
    for (let at = 0; at < batch.length; at += 3) {
      client.send(batch.subarray(at, at + 3));
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const word of ["one", "two", "three"]) {
      const row = await client.next("D");
      expect(row.body.subarray(6).toString()).toBe(word);
      await client.next("Z");
    }
    client.socket.destroy();
  });
  it("runs what came before a Terminate and nothing after it", async () => {
    const client = await RawClient.signIn(port, password);
    const packet = Buffer.concat([
      frontendMessage("Q", Buffer.from("UPDATE account SET balance = 7 WHERE id = 1\0")),
      frontendMessage("X"),
      frontendMessage("Q", Buffer.from("UPDATE account SET balance = 666 WHERE id = 1\0")),
    ]);
    client.send(packet);
    await client.closed;
    expect((await pool.query("SELECT balance FROM account WHERE id = 1")).rows[0].balance).toBe(7);
    await pool.query("UPDATE account SET balance = 100 WHERE id = 1");
  });
});

describe("a client that stops mid-transaction", () => {
  it("releases the session when its connection dies: another client takes the row lock and its changes are undone", async () => {
    const client = await RawClient.signIn(port, password);
    client.query("BEGIN; UPDATE account SET balance = 0 WHERE id = 1; SELECT balance FROM account WHERE id = 1 FOR UPDATE");
    await client.next("Z");
    client.socket.destroy();
    const other = await pool.connect();
    try {
      await other.query("BEGIN");
      const { rows } = await other.query("SELECT balance FROM account WHERE id = 1 FOR UPDATE NOWAIT");
      expect(rows[0].balance).toBe(100);
      await other.query("COMMIT");
    } finally {
      other.release();
    }
  });

  it("is disconnected after the statement timeout when it holds a transaction open and goes silent", async () => {
    const client = await RawClient.signIn(port, password);
    client.query("BEGIN; UPDATE account SET balance = 1 WHERE id = 1");
    await client.next("Z");
    // Silent from here on, connection open: the next client would wait for it forever.
    const answer = pool.query("UPDATE account SET balance = balance + 1 WHERE id = 1 RETURNING balance");
    const error = await client.next("E");
    expect(errorFields(error.body)).toMatchObject({ S: "FATAL", C: "25P03" });
    expect((await answer).rows[0].balance).toBe(101);
    await pool.query("UPDATE account SET balance = 100 WHERE id = 1");
  });

  it("leaves no half batch behind when it dies after a failed Parse without a Sync", async () => {
    const client = await RawClient.signIn(port, password);
    client.send(frontendMessage("Q", Buffer.from("BEGIN\0")));
    await client.next("Z");
    // A failed statement in the extended protocol makes the session skip everything until Sync.
    client.send(frontendMessage("P", Buffer.from("\0SELEC broken\0\0\0")));
    expect(errorFields((await client.next("E")).body)).toMatchObject({ C: "42601" });
    client.socket.destroy();
    expect((await pool.query("SELECT 4 AS four")).rows[0].four).toBe(4);
    expect((await pool.query("SELECT balance FROM account WHERE id = 1")).rows[0].balance).toBe(100);
  });
});

describe("a client that does not know the password", () => {
  it("is refused with 28P01 for a wrong password and for none, and the right one works", async () => {
    const wrong = new pg.Client({ port, host: "127.0.0.1", user: "postgres", database: "postgres", password: `${password}x` });
    await expect(wrong.connect()).rejects.toMatchObject({ code: "28P01" });
    const none = await RawClient.open(port);
    none.send(startupMessage({ user: "postgres", database: "postgres" }));
    expect((await none.next("R")).body.readInt32BE(0)).toBe(10); // AuthenticationSASL: a password is asked for
    none.send(frontendMessage("p", Buffer.from("postgres\0"))); // a cleartext answer instead of SCRAM
    expect(errorFields((await none.next("E")).body)).toMatchObject({ S: "FATAL", C: "28P01" });
    await none.closed;
    const right = new pg.Client({ port, host: "127.0.0.1", user: "postgres", database: "postgres", password });
    await right.connect();
    expect((await right.query("SELECT current_user AS name")).rows[0].name).toBe("postgres");
    await right.end();
  });
});
