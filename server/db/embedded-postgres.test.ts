import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../runtime/prepare-database";
import { createDbClient } from "./client";

const dataDir = await mkdtemp(path.join(tmpdir(), "herald-embedded-"));
// Generated into this test's data folder, not taken from the environment.
delete process.env.HERALD_DATABASE_PASSWORD;
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function migrationNames(url: string): Promise<string[]> {
  const client = new pg.Client(url);
  await client.connect();
  const { rows } = await client.query<{ migration_name: string; finished_at: Date | null }>(
    "SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name",
  );
  await client.end();
  expect(rows.every((row) => row.finished_at !== null)).toBe(true);
  return rows.map((row) => row.migration_name);
}

describe("embedded database", () => {
  it("starts, migrates, and keeps data across a restart", async () => {
    const first = await prepareDatabase({ dataDir });
    expect(first.embedded?.dataDir).toBe(path.join(dataDir, "postgres"));
    const applied = await migrationNames(first.url);
    expect(applied).toContain("20261121000000_id_function");
    // Its password is generated once and kept with the other generated secrets; a guess is refused.
    const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    expect(secrets.HERALD_DATABASE_PASSWORD).toMatch(/^[\w-]{32}$/);
    expect(decodeURIComponent(new URL(first.url).password)).toBe(secrets.HERALD_DATABASE_PASSWORD);
    const guess = new URL(first.url);
    guess.password = "postgres";
    await expect(new pg.Client(guess.href).connect()).rejects.toMatchObject({ code: "28P01" });

    const prisma = createDbClient(first.url, 2);
    const workspace = await prisma.workspace.create({ data: { name: "Persisted" } });
    expect(workspace.id).toMatch(/^wsp_[0-9a-f]{32}$/);
    await prisma.$disconnect();
    await first.stop();

    const second = await prepareDatabase({ dataDir });
    expect(await migrationNames(second.url)).toEqual(applied);
    const again = createDbClient(second.url, 2);
    expect(await again.workspace.findUnique({ where: { id: workspace.id } })).toMatchObject({ name: "Persisted" });
    await again.$disconnect();
    await second.stop();
  });

  it("refuses a second process on the same folder while the first runs", async () => {
    const running = await prepareDatabase({ dataDir });
    try {
      const { lockDataDir } = await import("../runtime/data-dir-lock");
      const lockPath = path.join(dataDir, "herald.lock");
      const { writeFileSync } = await import("node:fs");
      // Pretend the lock belongs to another live process (our parent, which is alive).
      writeFileSync(lockPath, String(process.ppid));
      expect(() => lockDataDir(dataDir)).toThrow(/in use by process/);
      writeFileSync(lockPath, String(process.pid));
    } finally {
      await running.stop();
    }
  });

  it("keeps the data folder and every database file private to Herald's user (0700 / 0600)", async () => {
    const running = await prepareDatabase({ dataDir });
    try {
      const open: string[] = [];
      const check = (target: string, expected: number) => {
        const mode = statSync(target).mode & 0o777;
        if (mode !== expected) open.push(`${path.relative(dataDir, target) || "."} ${mode.toString(8)}`);
      };
      check(dataDir, 0o700);
      const stack = [path.join(dataDir, "postgres")];
      let files = 0;
      while (stack.length) {
        const dir = stack.pop()!;
        check(dir, 0o700);
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) stack.push(full);
          else if (entry.isFile()) {
            files++;
            check(full, 0o600);
          }
        }
      }
      expect(files).toBeGreaterThan(10);
      expect(open, "files or folders open to other users").toEqual([]);
    } finally {
      await running.stop();
    }
  });
});
