import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { applyMigrations, createMigration } from "./migrations";

const workDir = await mkdtemp(path.join(tmpdir(), "herald-migrations-"));
const prismaDir = path.join(workDir, "prisma");
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe("creating migrations", () => {
  it("writes nothing when schema.prisma matches the committed history", async () => {
    expect(await createMigration("no_change")).toBeNull();
  });

  it("writes the SQL for a schema change, which then applies and leaves nothing to do", async () => {
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
