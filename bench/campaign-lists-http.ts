// Benchmark: the campaign reads the dashboard and the API depend on, over real HTTP against the
// production build, next to a bare route handler measured in the same run.
//
//   npm run build && npx tsx bench/campaign-lists-http.ts [--leads=100000] [--campaigns=200]
//     [--clients=50] [--seconds=10] [--port=3931] [--root=.] [--cpu-prof=DIR] [--only=a,b]
//
// A fresh PostgreSQL database gets a workspace, an API key, `--campaigns` campaigns with a few
// leads each (their stats come from the counters) and one campaign of `--leads` leads (straight in
// SQL; statuses mixed, a third of them with a journal entry that names an A/B variant). Then the
// built server (`<root>/.herald/main.mjs`; `--root` runs another build, e.g. a copy of the one
// before a change) answers `--clients` concurrent keep-alive clients for `--seconds` per scenario:
//
// - edge-404: an unknown /api/v1 path, answered 404 by the server's request gate before Next.js:
//   what this HTTP server and this load generator can do at most (for reference);
// - bare: GET /api/v1/workspace without a key, answered 401 by its route handler through Next.js
//   and the API wrapper, before any database work: the bare route handler the goals compare with
//   (measured first and again last: "bare-again");
// - workspace: GET /api/v1/workspace, the cheapest authenticated route (the API pipeline's cost);
// - leads-*: GET /api/v1/campaigns/{id}/leads (limit 50): the first page, the first page of one
//   status, offsets spread evenly up to the last page, the same with a status filter, and a mix;
// - campaigns: GET /api/v1/campaigns?limit=100, offsets 0 and 100 of the 200 campaigns; campaigns-10
//   the same with 10 clients (`--only=campaigns` runs both; `--only=campaigns-10` that one).
//
// Each scenario reports requests/s, p50/p90/p99 and the CPU milliseconds per request of the server
// process and of the database's PostgreSQL sessions (from /proc), which a busy machine does not
// stretch the way it stretches wall times. The load generator runs in this process (its own CPU is
// reported apart). `--cpu-prof=DIR` runs the server with `node --cpu-prof` (profile on exit).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchDatabase } from "./bench-database";
import { benchArgs } from "./campaign-bench-setup";

const args = benchArgs();
const leadCount = Number(args.leads ?? 100_000);
const campaignCount = Number(args.campaigns ?? 200);
const clients = Number(args.clients ?? 50);
const seconds = Number(args.seconds ?? 10);
const port = Number(args.port ?? 3931);
const root = path.resolve(args.root ?? ".");
const only = args.only?.split(",");
const PAGE = 50;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** utime + stime of a process in seconds (0 once it is gone). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function main() {
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.HERALD_LOG_LEVEL = "error";
  const database = await benchDatabase();
  process.env.DATABASE_URL = database.url;
  const { db, disconnectDb } = await import("../server/db/client");
  const { createTestWorkspace, createTestApiKey } = await import("../server/test/factories");
  const { createCampaign } = await import("../server/services/campaigns/create-campaign");
  const { ZCreateCampaignInput } = await import("../server/schemas/campaign");

  const seedStarted = performance.now();
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const sequence = { steps: [{ id: "invite", type: "invite" }] };
  const campaignIds: string[] = [];
  for (let index = 0; index < campaignCount - 1; index++) {
    campaignIds.push((await createCampaign(actor, ZCreateCampaignInput.parse({ name: `Campaign ${index}`, sequence }))).id);
  }
  const big = (await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Big", sequence }))).id;
  const workspaceId = actor.workspaceId;
  // Leads: the big campaign's, then ten for each other campaign.
  const smallLeads = (campaignCount - 1) * 10;
  await db.$executeRawUnsafe(`
    INSERT INTO "Lead" (id, "workspaceId", "publicIdentifier", "firstName", "lastName", headline, company, "profileUrl", source, "createdAt", "updatedAt")
    SELECT 'led_bench_' || n, '${workspaceId}', 'bench-' || n, 'First' || n, 'Last' || n, 'Head of things at Company ' || (n % 977),
      'Company ' || (n % 977), 'https://www.linkedin.com/in/bench-' || n, 'api', now(), now()
    FROM generate_series(1, ${leadCount + smallLeads}) n`);
  // Statuses: 6 in 10 pending, 2 done, 1 running, 1 replied; every third lead reached the invite step.
  await db.$executeRawUnsafe(`
    INSERT INTO "CampaignLead" ("workspaceId", "campaignId", "leadId", status, "currentStepId", "currentStepType", "waitUntil",
      "invitationSentAt", "createdAt", "updatedAt")
    SELECT '${workspaceId}', '${big}', 'led_bench_' || n,
      (CASE n % 10 WHEN 0 THEN 'done' WHEN 1 THEN 'done' WHEN 2 THEN 'running' WHEN 3 THEN 'replied' ELSE 'pending' END)::"CampaignLeadStatus",
      'invite', 'invite', now(), CASE WHEN n % 3 = 0 THEN now() END, now(), now()
    FROM generate_series(1, ${leadCount}) n ORDER BY n`);
  await db.$executeRawUnsafe(`
    INSERT INTO "CampaignLead" ("workspaceId", "campaignId", "leadId", status, "currentStepId", "currentStepType", "waitUntil", "createdAt", "updatedAt")
    SELECT '${workspaceId}', (ARRAY['${campaignIds.join("','")}'])[(n - 1) / 10 + 1], 'led_bench_' || (${leadCount} + n), 'pending', 'invite', 'invite', now(), now(), now()
    FROM generate_series(1, ${smallLeads}) n`);
  await db.$executeRawUnsafe(`
    INSERT INTO "CampaignLeadStep" ("campaignLeadId", "campaignId", "stepId", "stepType", "variantId", status, "startedAt", "finishedAt")
    SELECT id, "campaignId", 'invite', 'invite', CASE WHEN seq % 2 = 0 THEN 'a' ELSE 'b' END, 'done', now(), now()
    FROM "CampaignLead" WHERE "campaignId" = '${big}' AND "invitationSentAt" IS NOT NULL`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE`);
  const [counts] = await db.$queryRaw<Array<{ pending: number }>>`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending FROM "CampaignLead" WHERE "campaignId" = ${big}`;
  const pendingCount = counts!.pending;
  console.log(`seeded ${campaignCount} campaigns, ${leadCount} leads in one (${pendingCount} pending) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  // The server, as e2e/herald-server.mjs starts it, on this database.
  const nodeArgs = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args["cpu-prof"])}`] : [];
  const server = spawn(process.execPath, [...nodeArgs, path.join(root, ".herald/main.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      HERALD_ROOT: root,
      DATABASE_URL: database.url,
      HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-bench-")),
      AUTH_SECRET: randomBytes(24).toString("hex"),
      HERALD_LOG_LEVEL: "warn",
      HERALD_API_RATE_LIMIT_PER_MINUTE: "100000000",
    },
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Herald is running at/.test(output)) resolve();
    };
    server.stdout!.on("data", read);
    server.stderr!.on("data", (chunk: Buffer) => {
      read(chunk);
      process.stderr.write(chunk);
    });
    server.once("exit", (code) => reject(new Error(`Herald exited with ${code} before serving:\n${output}`)));
  });

  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const headers = { authorization: `Bearer ${key}` };
  function get(pathAndQuery: string, withKey = true): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: pathAndQuery, agent, headers: withKey ? headers : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on("error", reject);
      });
      request.on("error", reject);
    });
  }

  /** The database's PostgreSQL sessions other than this process's own connections' idle time. */
  const databaseCpu = async () => {
    const sessions = await db.$queryRaw<Array<{ pid: number }>>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
    return sessions.reduce((sum, { pid }) => sum + processCpuSeconds(pid), 0);
  };

  interface Scenario {
    name: string;
    path: (random: () => number) => string;
    status: number;
    withKey?: boolean;
    check?: (body: string) => void;
    /** Concurrent clients of this scenario when not `--clients`. */
    clients?: number;
  }
  const leadsPath = `/api/v1/campaigns/${big}/leads?limit=${PAGE}`;
  const evenOffset = (random: () => number, count: number) => Math.floor(random() * (Math.floor((count - PAGE) / PAGE) + 1)) * PAGE;
  const expectPage = (body: string) => {
    const parsed = JSON.parse(body) as { data: unknown[]; paging: { total: number } };
    if (parsed.data.length !== PAGE) throw new Error(`a page of ${parsed.data.length} leads`);
  };
  const scenarios: Scenario[] = [
    { name: "edge-404", path: () => "/api/v1/no-such-route", status: 404, withKey: false },
    { name: "bare", path: () => "/api/v1/workspace", status: 401, withKey: false },
    { name: "workspace", path: () => "/api/v1/workspace", status: 200 },
    { name: "leads-first", path: () => leadsPath, status: 200, check: expectPage },
    { name: "leads-status", path: () => `${leadsPath}&status=pending`, status: 200, check: expectPage },
    { name: "leads-offsets", path: (random) => `${leadsPath}&offset=${evenOffset(random, leadCount)}`, status: 200, check: expectPage },
    { name: "leads-status-offsets", path: (random) => `${leadsPath}&status=pending&offset=${evenOffset(random, pendingCount)}`, status: 200, check: expectPage },
    {
      name: "leads-mix",
      path: (random) => {
        const pick = random();
        if (pick < 0.25) return leadsPath;
        if (pick < 0.5) return `${leadsPath}&status=pending`;
        if (pick < 0.75) return `${leadsPath}&offset=${evenOffset(random, leadCount)}`;
        return `${leadsPath}&status=pending&offset=${evenOffset(random, pendingCount)}`;
      },
      status: 200,
      check: expectPage,
    },
    {
      name: "campaigns",
      path: (random) => `/api/v1/campaigns?limit=100&offset=${random() < 0.5 ? 0 : 100}`,
      status: 200,
      check: (body) => {
        const parsed = JSON.parse(body) as { data: unknown[]; paging: { total: number } };
        if (parsed.data.length !== Math.min(100, campaignCount) || parsed.paging.total !== campaignCount) throw new Error("not the campaigns page");
      },
    },
  ];
  // The campaigns list again at a concurrency one process can serve within its latency goal.
  scenarios.push({ ...scenarios.find((scenario) => scenario.name === "campaigns")!, name: "campaigns-10", clients: 10 });
  // The bare route again at the end: the same server, warmed and at the end of the run.
  scenarios.push({ ...scenarios[1]!, name: "bare-again" });

  async function drive(scenario: Scenario, durationSeconds: number) {
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const latencies: number[] = [];
    const stopAt = performance.now() + durationSeconds * 1000;
    let checked = false;
    await Promise.all(
      Array.from({ length: scenario.clients ?? clients }, async () => {
        while (performance.now() < stopAt) {
          const begin = performance.now();
          const response = await get(scenario.path(random), scenario.withKey !== false);
          latencies.push(performance.now() - begin);
          if (response.status !== scenario.status) throw new Error(`${scenario.name}: ${response.status} ${response.body.slice(0, 300)}`);
          if (!checked && scenario.check) {
            checked = true;
            scenario.check(response.body);
          }
        }
      }),
    );
    return latencies;
  }

  const results: Array<Record<string, string | number>> = [];
  try {
    for (const scenario of scenarios) {
      if (only && !only.includes(scenario.name) && !only.includes(scenario.name.replace(/-(again|10)$/, ""))) continue;
      await drive(scenario, Math.min(3, seconds)); // warm-up: code paths, connection pools, caches
      const serverBefore = processCpuSeconds(server.pid!);
      const databaseBefore = await databaseCpu();
      const clientBefore = process.cpuUsage();
      const started = performance.now();
      const latencies = await drive(scenario, seconds);
      const wall = (performance.now() - started) / 1000;
      const serverCpu = processCpuSeconds(server.pid!) - serverBefore;
      const databaseCpuSeconds = (await databaseCpu()) - databaseBefore;
      const client = process.cpuUsage(clientBefore);
      latencies.sort((a, b) => a - b);
      const count = latencies.length;
      const row = {
        scenario: scenario.name,
        clients: scenario.clients ?? clients,
        requests: count,
        rps: Math.round(count / wall),
        p50: Number(percentile(latencies, 0.5).toFixed(1)),
        p90: Number(percentile(latencies, 0.9).toFixed(1)),
        p99: Number(percentile(latencies, 0.99).toFixed(1)),
        serverCpuMs: Number(((serverCpu * 1000) / count).toFixed(2)),
        dbCpuMs: Number(((databaseCpuSeconds * 1000) / count).toFixed(2)),
        clientCpuMs: Number((((client.user + client.system) / 1000) / count).toFixed(2)),
      };
      results.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    agent.destroy();
    server.kill("SIGTERM");
    await exited;
    await disconnectDb();
    await database.drop();
  }
  const bare = Math.max(0, ...results.filter((row) => String(row.scenario).startsWith("bare")).map((row) => Number(row.rps)));
  console.log(`\nload average ${readFileSync("/proc/loadavg", "utf8").trim()}; root ${root}; ${clients} clients, ${seconds} s per scenario`);
  console.log("| Scenario | clients | requests/s | % of bare | p50 ms | p90 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | client CPU ms/req |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const row of results) {
    const share = bare ? `${Math.round((Number(row.rps) / bare) * 100)}%` : "";
    console.log(`| ${row.scenario} | ${row.clients} | ${row.rps} | ${share} | ${row.p50} | ${row.p90} | ${row.p99} | ${row.serverCpuMs} | ${row.dbCpuMs} | ${row.clientCpuMs} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
