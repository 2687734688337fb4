// Benchmark: the public API under load. The production build of Herald on a fresh database
// (PostgreSQL, or the embedded PGlite in a fresh data folder), a workspace seeded through the
// services (senders, campaigns with leads, lead lists), one API key per client, then `clients`
// keep-alive clients for a fixed time after a warm-up: 80% list reads, 20% small writes.
//
//   npm run build && npx tsx bench/api-load.ts --db=postgres [--clients=150] [--seconds=30] [--warmup=10]
//   npx tsx bench/api-load.ts --db=embedded
//   npx tsx bench/api-load.ts --db=postgres --root=/tmp/baseline   (a copy of another build's .herald and .next)
//
// Prints requests/s, p50/p90/p99, errors by status and operation, the server's and PostgreSQL's
// CPU seconds during the measured part, and the server's resident memory (VmRSS) sampled each
// second. --cpu-prof=DIR writes a V8 CPU profile of the server (node --cpu-prof) on exit and prints
// where its busy time went (its whole life: start-up and warm-up are a few percent of it).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { benchArgs } from "./campaign-bench-setup";
import { busyBreakdown, cpuBreakdown, readCpuProfile } from "./cpu-profile";

const args = benchArgs();
const database = args.db === "embedded" ? "embedded" : "postgres";
const clients = Number(args.clients ?? 150);
const seconds = Number(args.seconds ?? 30);
const warmup = Number(args.warmup ?? 10);
const port = Number(args.port ?? 40_000 + Math.floor(Math.random() * 20_000));
const campaignCount = Number(args.campaigns ?? 20);
const leadsPerCampaign = Number(args.leads ?? 500);
const listCount = Number(args.lists ?? 10);
const leadsPerList = Number(args["list-leads"] ?? 200);
const senderCount = Number(args.senders ?? 3);
// Another build's folder (its .herald and .next), to run a baseline build beside this one.
const root = path.resolve(args.root ?? ".");

interface Seeded {
  keys: string[];
  campaignIds: string[];
  listIds: string[];
}

/** The workspace every client works in, made through the services as the product makes it. */
async function seed(): Promise<Seeded> {
  const { db, disconnectDb } = await import("../server/db/client");
  const { ensureSandboxDirectory } = await import("../server/providers/linkedin/sandbox/store");
  const { createTestWorkspace, createTestApiKey } = await import("../server/test/factories");
  const { connectSender } = await import("../server/services/senders/connect-sender");
  const { createCampaign } = await import("../server/services/campaigns/create-campaign");
  const { addCampaignLeads } = await import("../server/services/campaigns/add-campaign-leads");
  const { createLeadList } = await import("../server/services/lead-lists/create-lead-list");
  const { addLeadListLeads } = await import("../server/services/lead-lists/add-lead-list-leads");
  const { ZConnectSenderInput } = await import("../server/schemas/sender");
  const { ZCreateCampaignInput } = await import("../server/schemas/campaign");
  const { ZLeadsInput } = await import("../server/schemas/lead");

  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace({ name: "Load" });
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { seatLimit: senderCount } });
  const senders: string[] = [];
  for (let index = 0; index < senderCount; index++) {
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `load-rep-${index}@example.com`, password: "x" }), { via: "api" });
    senders.push(account.account.id);
  }
  const campaignIds: string[] = [];
  for (let index = 0; index < campaignCount; index++) {
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: `Campaign ${index}`, linkedinAccountIds: senders, sequence: { steps: [{ id: "invite", type: "invite" }] } }),
    );
    campaignIds.push(campaign.id);
    for (let start = 0; start < leadsPerCampaign; start += 1000) {
      const leads = Array.from({ length: Math.min(1000, leadsPerCampaign - start) }, (_, lead) => ({
        profileUrl: `https://www.linkedin.com/in/load-${index}-${start + lead}`,
        firstName: `First${start + lead}`,
        lastName: `Last${index}`,
        company: `Company ${lead % 37}`,
      }));
      await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));
    }
  }
  const listIds: string[] = [];
  for (let index = 0; index < listCount; index++) {
    const list = await createLeadList(actor, { name: `List ${index}` });
    listIds.push(list.id);
    const leads = Array.from({ length: leadsPerList }, (_, lead) => ({ email: `person-${index}-${lead}@example.org`, firstName: `Person${lead}` }));
    await addLeadListLeads(actor, list.id, ZLeadsInput.parse({ leads }));
  }
  const keys: string[] = [];
  for (let index = 0; index < clients; index++) keys.push((await createTestApiKey(actor, `Client ${index}`)).key);
  await disconnectDb();
  return { keys, campaignIds, listIds };
}

// This run's own folder under --cpu-prof, so a previous run's profile is never read as this one's.
const profileDir = args["cpu-prof"] ? path.join(path.resolve(args["cpu-prof"]), `run-${new Date().toISOString().replace(/[:.]/g, "-")}`) : null;

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  // e.g. --node-args=--trace-gc --server-log=/tmp/herald.log, to see whether the heap grows or RSS only does.
  const nodeArgs = args["node-args"] ? args["node-args"].split(",") : [];
  const child = spawn(process.execPath, [...profile, ...nodeArgs, ".herald/main.mjs"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let output = "";
  const log = args["server-log"] ? createWriteStream(args["server-log"]) : null;
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log?.write(chunk);
      output += chunk.toString();
      if (/Herald is running at/.test(output)) {
        resolve({
          child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
      if (output.length > 20_000) output = output.slice(-10_000);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (chunk: Buffer) => {
      read(chunk);
      if (output.includes("Herald is running")) process.stderr.write(chunk);
    });
    child.once("exit", (code) => reject(new Error(`Herald exited with ${code}:\n${output}`)));
  });
}

/** The server's profile in `dir` (written as it exited), as shares of its busy time. */
function printServerProfile(dir: string): void {
  const newest = (existsSync(dir) ? readdirSync(dir) : [])
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) {
    console.log(`the server wrote no CPU profile in ${dir}`);
    return;
  }
  const shares = busyBreakdown(cpuBreakdown(readCpuProfile(newest)));
  console.log(`where the server's busy time went (${newest}):\n${shares.map(({ group, share }) => `  ${(share * 100).toFixed(1).padStart(5)}%  ${group}`).join("\n")}`);
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** CPU seconds (user + system) of these processes so far. */
function cpuSecondsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    let stat = "";
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / 100;
}

interface Call {
  name: string;
  method: "GET" | "PATCH" | "POST";
  path: string;
  body?: unknown;
}

function pick<T>(values: T[]): T {
  return values[Math.floor(Math.random() * values.length)]!;
}

let writeSequence = 0;
/** One request of the mix: 80% list and detail reads, 20% small writes with valid bodies. */
function nextCall(seeded: Seeded): Call {
  const roll = Math.random() * 100;
  const campaign = pick(seeded.campaignIds);
  const list = pick(seeded.listIds);
  if (roll < 15) return { name: "GET /campaigns", method: "GET", path: "/campaigns?limit=20" };
  if (roll < 25) return { name: "GET /campaigns/{id}", method: "GET", path: `/campaigns/${campaign}` };
  if (roll < 45) {
    const offset = Math.floor(Math.random() * Math.max(1, leadsPerCampaign - 50));
    return { name: "GET /campaigns/{id}/leads", method: "GET", path: `/campaigns/${campaign}/leads?limit=50&offset=${offset}` };
  }
  if (roll < 55) return { name: "GET /accounts", method: "GET", path: "/accounts" };
  if (roll < 65) return { name: "GET /lead-lists", method: "GET", path: "/lead-lists" };
  if (roll < 75) return { name: "GET /lead-lists/{id}/leads", method: "GET", path: `/lead-lists/${list}/leads?limit=50` };
  if (roll < 80) return { name: "GET /workspace", method: "GET", path: "/workspace" };
  writeSequence++;
  if (roll < 87) return { name: "PATCH /campaigns/{id}", method: "PATCH", path: `/campaigns/${campaign}`, body: { name: `Campaign renamed ${writeSequence}` } };
  if (roll < 93) return { name: "PATCH /lead-lists/{id}", method: "PATCH", path: `/lead-lists/${list}`, body: { name: `List renamed ${writeSequence}` } };
  return {
    name: "POST /lead-lists/{id}/leads",
    method: "POST",
    path: `/lead-lists/${list}/leads`,
    body: { leads: [{ email: `added-${process.pid}-${writeSequence}@example.net`, firstName: "Added" }] },
  };
}

function send(agent: http.Agent, key: string, call: Call): Promise<number> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port,
        method: call.method,
        path: `/api/v1${call.path}`,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!.toFixed(1)) : 0;
}

async function main() {
  const encryptionKey = randomBytes(32).toString("base64");
  Object.assign(process.env, {
    NODE_ENV: "production",
    HERALD_LOG_LEVEL: "error",
    HERALD_ENCRYPTION_KEY: encryptionKey,
    HERALD_SANDBOX_DIRECTORY_SIZE: "10",
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "herald-api-load-"));
  const serverEnv: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    HERALD_DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    HERALD_ENCRYPTION_KEY: encryptionKey,
    HERALD_LOG_LEVEL: "warn",
    HERALD_SANDBOX_DIRECTORY_SIZE: "10",
  };

  let dropDatabase = async () => {};
  let seeded: Seeded;
  const seedStarted = performance.now();
  if (database === "postgres") {
    const { benchDatabase } = await import("./bench-database");
    const created = await benchDatabase();
    dropDatabase = created.drop;
    process.env.DATABASE_URL = created.url;
    serverEnv.DATABASE_URL = created.url;
    seeded = await seed();
  } else {
    // The server opens the same folder as its embedded database once the seeding one is closed.
    const { startEmbeddedPostgres } = await import("../server/db/embedded-postgres");
    const { applyMigrations } = await import("../server/db/migrations");
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres") });
    process.env.DATABASE_URL = embedded.url;
    process.env.HERALD_EMBEDDED_DATABASE = "1";
    await applyMigrations(embedded.url);
    seeded = await seed();
    await embedded.stop();
    delete process.env.DATABASE_URL;
    delete process.env.HERALD_EMBEDDED_DATABASE;
  }
  console.error(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; starting Herald (${database})`);

  const server = await startServer(serverEnv);
  const serverPid = server.child.pid!;
  const postgresPids = async (): Promise<number[]> => {
    if (database !== "postgres") return [];
    const client = new pg.Client(serverEnv.DATABASE_URL);
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    await client.end();
    return rows.map((row) => row.pid);
  };

  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const byOperation = new Map<string, number[]>();
  let measuring = false;
  let stopping = false;
  let completed = 0;
  const rss: Array<{ second: number; mb: number }> = [];
  const begun = performance.now();
  const sampler = setInterval(() => rss.push({ second: Math.round((performance.now() - begun) / 1000), mb: rssMbOf(serverPid) }), 1000);

  async function client(index: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const key = seeded.keys[index]!;
    while (!stopping) {
      const call = nextCall(seeded);
      const started = performance.now();
      let status: number;
      try {
        status = await send(agent, key, call);
      } catch {
        status = 0;
      }
      if (!measuring) continue;
      const elapsed = performance.now() - started;
      completed++;
      latencies.push(elapsed);
      const perOperation = byOperation.get(call.name) ?? [];
      perOperation.push(elapsed);
      byOperation.set(call.name, perOperation);
      if (status < 200 || status >= 300) errors.set(`${status} ${call.name}`, (errors.get(`${status} ${call.name}`) ?? 0) + 1);
    }
    agent.destroy();
  }

  const running = Array.from({ length: clients }, (_, index) => client(index));
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  const pgPids = await postgresPids();
  const cpuBefore = { server: cpuSecondsOf([serverPid]), postgres: cpuSecondsOf(pgPids) };
  const rssAtStart = rssMbOf(serverPid);
  measuring = true;
  const measureStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const measured = (performance.now() - measureStarted) / 1000;
  const cpuAfter = { server: cpuSecondsOf([serverPid]), postgres: cpuSecondsOf(pgPids) };
  const rssAtEnd = rssMbOf(serverPid);
  stopping = true;
  await Promise.all(running);
  clearInterval(sampler);
  await server.stop();
  await dropDatabase();
  if (profileDir) printServerProfile(profileDir);

  latencies.sort((a, b) => a - b);
  const operations = Object.fromEntries(
    [...byOperation.entries()].sort().map(([name, values]) => {
      values.sort((a, b) => a - b);
      return [name, { count: values.length, p50: percentile(values, 0.5), p99: percentile(values, 0.99) }];
    }),
  );
  const afterWarmup = rss.filter((sample) => sample.second >= warmup);
  console.log(
    JSON.stringify(
      {
        database,
        clients,
        seconds: Number(measured.toFixed(1)),
        requests: completed,
        requestsPerSecond: Math.round(completed / measured),
        p50Ms: percentile(latencies, 0.5),
        p90Ms: percentile(latencies, 0.9),
        p99Ms: percentile(latencies, 0.99),
        errors: Object.fromEntries(errors),
        cpuSeconds: {
          server: Number((cpuAfter.server - cpuBefore.server).toFixed(1)),
          postgres: Number((cpuAfter.postgres - cpuBefore.postgres).toFixed(1)),
          serverPerRequestMs: Number((((cpuAfter.server - cpuBefore.server) * 1000) / Math.max(1, completed)).toFixed(2)),
        },
        rssMb: {
          atMeasureStart: rssAtStart,
          atMeasureEnd: rssAtEnd,
          minAfterWarmup: Math.min(...afterWarmup.map((sample) => sample.mb)),
          maxAfterWarmup: Math.max(...afterWarmup.map((sample) => sample.mb)),
          samples: rss.map((sample) => sample.mb).join(" "),
        },
        operations,
        loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
