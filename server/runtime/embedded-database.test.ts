// The built Herald on its embedded database: the database asks for the password kept in the data
// folder, the health check answers, and SIGTERM ends the process while a client holds a
// transaction open (issue 30, points 2 and 5). A real child process.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startHeraldProcess, waitFor, type HeraldProcess } from "../test/herald-process";

let herald: HeraldProcess | null = null;

afterAll(async () => {
  await herald?.kill("SIGKILL");
});

describe("Herald on its embedded database", () => {
  it("asks for the generated password, answers its health check, and stops on SIGTERM with a transaction left open", { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "herald-embedded-process-"));
    herald = await startHeraldProcess({ databaseUrl: "", env: { HERALD_DATA_DIR: dataDir } });
    const port = Number(/Started the embedded PostgreSQL \(PGlite\).*"port":(\d+)/.exec(herald.output())?.[1]);
    const { HERALD_DATABASE_PASSWORD: password } = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    expect(port).toBeGreaterThan(0);
    expect(password).toBeTruthy();

    const connection = { host: "127.0.0.1", port, user: "postgres", database: "postgres" };
    // The password every PostgreSQL tutorial uses, which the embedded database took until now.
    await expect(new pg.Client({ ...connection, password: "postgres" }).connect()).rejects.toMatchObject({ code: "28P01" });
    const client = new pg.Client({ ...connection, password });
    client.on("error", () => undefined);
    await client.connect();
    expect((await client.query<{ count: number }>('SELECT count(*)::int AS count FROM "Workspace"')).rows[0]!.count).toBeGreaterThanOrEqual(0);

    const health = await fetch(`${herald.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "answering" });

    // A transaction left open holds the embedded database: the stop must not wait for it.
    await client.query("BEGIN");
    await client.query('SELECT count(*) FROM "Workspace"');
    const exited = new Promise<number | null>((resolve) => herald!.child.once("exit", (code) => resolve(code)));
    herald.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await waitFor(async () => herald!.child.exitCode !== null, "the process to be gone", 1_000);
  });
});
