import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { applyMigrations, createMigration } from "./migrations";

const workDir = await mkdtemp(path.join(tmpdir(), "herald-migrations-"));
const prismaDir = path.join(workDir, "prisma");
afterAll(() => rm(workDir, { recursive: true, force: true }));
// Each test replays the whole migration history through Prisma's WebAssembly schema engine (and
// one through the embedded database): seconds on a quiet machine, more than the default 30 s on a
// busy one. A limit, not a speed target.
const REPLAYS_HISTORY = { timeout: 120_000 };

describe("creating migrations", () => {
  it("writes nothing when schema.prisma matches the committed history", REPLAYS_HISTORY, async () => {
    expect(await createMigration("no_change")).toBeNull();
  });

  it("writes the SQL for a schema change, which then applies and leaves nothing to do", REPLAYS_HISTORY, async () => {
    await cp(path.resolve("prisma"), prismaDir, { recursive: true });
    const schemaPath = path.join(prismaDir, "schema.prisma");
    await writeFile(
      schemaPath,
      `${await readFile(schemaPath, "utf8")}\nmodel Note {\n  id   String @id @default(dbgenerated("herald_id('note'::text)"))\n  text String\n}\n`,
    );
    const created = await createMigration("add notes", { prismaDir, now: new Date("2030-01-02T03:04:05Z") });
    expect(created?.name).toBe("20300102030405_add_notes");
    expect(created?.sql).toMatch(/CREATE TABLE "Note"/);
    expect(await readdir(path.join(prismaDir, "migrations"))).toContain("20300102030405_add_notes");

    const database = await startEmbeddedPostgres({ dataDir: null });
    try {
      const applied = await applyMigrations(database.url, prismaDir);
      expect(applied.at(-1)).toBe("20300102030405_add_notes");
      const client = new pg.Client(database.url);
      await client.connect();
      const { rows } = await client.query("INSERT INTO \"Note\" (text) VALUES ('hi') RETURNING id");
      expect(rows[0].id).toMatch(/^note_/);
      await client.end();
    } finally {
      await database.stop();
    }
    expect(await createMigration("again", { prismaDir })).toBeNull();
  });
});

describe("applying migrations", () => {
  it("applies a script with a function body and a comment holding ';' whole, and none of a failing one", REPLAYS_HISTORY, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "herald-script-"));
    await cp(path.resolve("prisma"), dir, { recursive: true });
    const write = async (name: string, sql: string) => {
      await mkdir(path.join(dir, "migrations", name));
      await writeFile(path.join(dir, "migrations", name, "migration.sql"), sql);
    };
    await write(
      "20300101000000_function",
      `-- A comment; with a semicolon.\nCREATE FUNCTION herald_test_twice(value int) RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN value * 2;\nEND $$;\n`,
    );
    const database = await startEmbeddedPostgres({ dataDir: null });
    try {
      expect((await applyMigrations(database.url, dir)).at(-1)).toBe("20300101000000_function");
      const client = new pg.Client(database.url);
      await client.connect();
      expect((await client.query("SELECT herald_test_twice(21) AS answer")).rows[0].answer).toBe(42);
      await write("20300101000001_half", `CREATE TABLE "Half" (id int);\nSELECT no_such_function();\n`);
      await expect(applyMigrations(database.url, dir)).rejects.toThrow(/no_such_function/);
      // The failing script left nothing behind: it ran as one transaction.
      expect((await client.query(`SELECT to_regclass('"Half"') AS half`)).rows[0].half).toBeNull();
      await client.end();
    } finally {
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
