// Benchmark: domain events committed → webhook deliveries received by a local receiver, through the
// outbox, the dispatch and delivery Inngest functions and the embedded executor (real clock, real
// HTTP everywhere), on PostgreSQL or on the embedded PGlite.
//
//   npx tsx bench/webhook-delivery.ts --db=postgres --events=1000 [--rate=0]
//   npx tsx bench/webhook-delivery.ts --db=embedded --events=300
//   npx tsx bench/webhook-delivery.ts --db=postgres --events=2000 --preload
//
// --rate is events per second emitted by the producer (0: as fast as one producer can commit).
// --preload commits every event first and only then notifies the dispatcher: the throughput is the
// delivery side's alone (an unpaced producer on a busy machine can be slower than the deliveries);
// its latencies include the time spent producing. cpuSeconds is this process's CPU time from the
// first commit (or, preloaded, the notification) to the last receipt: producer, executor, functions
// and receiver.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ZCreateWebhookInput } from "../server/schemas/webhook";

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const mode = (args.db ?? "postgres") as "postgres" | "embedded";
const total = Number(args.events ?? 500);
const rate = Number(args.rate ?? 0);
const preload = "preload" in args;
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

(process.env as Record<string, string>).NODE_ENV = "production";
process.env.HERALD_LOG_LEVEL = "error";
process.env.HERALD_ENCRYPTION_KEY = randomBytes(32).toString("base64");
process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS = "1";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const { applyMigrations } = await import("../server/db/migrations");
  const { startEmbeddedPostgres } = await import("../server/db/embedded-postgres");
  let cleanup: () => Promise<void>;
  if (mode === "postgres") {
    const name = `herald_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    cleanup = async () => {
      const client = new pg.Client(adminUrl);
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "herald-bench-"));
    const embedded = await startEmbeddedPostgres({ dataDir: dir });
    process.env.DATABASE_URL = embedded.url;
    cleanup = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await applyMigrations(process.env.DATABASE_URL!);

  const { systemClock } = await import("../server/lib/clock");
  const { startHeraldJobs } = await import("../server/test/herald-jobs");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { createWebhook } = await import("../server/services/webhooks/create-webhook");
  const { db, disconnectDb } = await import("../server/db/client");
  const { emitEvent } = await import("../server/services/events/emit-event");
  const { notifyOutbox } = await import("../server/services/events/notify-outbox");

  const committedAt = new Map<number, number>();
  const receivedAt = new Map<number, number>();
  let duplicates = 0;
  let allReceived: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allReceived = resolve));
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const sequence = JSON.parse(body).data.sequence as number;
      if (receivedAt.has(sequence)) duplicates++;
      else receivedAt.set(sequence, performance.now());
      response.writeHead(200).end();
      if (receivedAt.size === total) allReceived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // Preloaded, the job runner starts only once every event is committed: a dispatch run (the minute
  // sweep) would otherwise deliver them while they are being committed.
  let jobs = preload ? null : await startHeraldJobs(systemClock, { manual: false });
  const { actor } = await createTestWorkspace();
  await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiverUrl, events: ["lead.status_changed"] }));

  let started = performance.now();
  let cpuAtStart = process.cpuUsage();
  for (let sequence = 0; sequence < total; sequence++) {
    if (rate > 0) {
      const due = started + (sequence * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await db.$transaction((tx) => emitEvent(tx, { workspaceId: actor.workspaceId, event: "lead.status_changed", data: { sequence } }));
    committedAt.set(sequence, performance.now());
    if (!preload) void notifyOutbox();
  }
  const producedIn = performance.now() - started;
  if (preload) {
    jobs = await startHeraldJobs(systemClock, { manual: false });
    started = performance.now();
    cpuAtStart = process.cpuUsage();
    void notifyOutbox();
  }
  const timeout = setTimeout(() => allReceived(), 300_000);
  await done;
  clearTimeout(timeout);
  const finished = Math.max(...receivedAt.values());
  const cpu = process.cpuUsage(cpuAtStart);

  const latencies = [...receivedAt.entries()].map(([sequence, at]) => at - committedAt.get(sequence)!).sort((a, b) => a - b);
  const result = {
    database: mode,
    events: total,
    received: receivedAt.size,
    duplicates,
    producerRatePerSecond: preload ? "preloaded" : rate || "unpaced",
    producedInSeconds: +(producedIn / 1000).toFixed(2),
    // Preloaded, the minute sweep may deliver some while the producer still commits: left out.
    receivedBeforeStart: [...receivedAt.values()].filter((at) => at < started).length,
    throughputPerSecond: +([...receivedAt.values()].filter((at) => at >= started).length / ((finished - started) / 1000)).toFixed(1),
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    cpuMsPerDelivery: +((cpu.user + cpu.system) / 1e3 / receivedAt.size).toFixed(2),
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p90: Math.round(percentile(latencies, 90)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1)!),
    },
  };
  const requests = await db.$queryRaw<Array<{ functionId: string; runs: number; requests: number; avgMs: number }>>`
    SELECT r."functionId", count(DISTINCT r.id)::int AS runs, count(s.id)::int AS requests, round(avg(s."durationMs"))::int AS "avgMs"
    FROM "JobRun" r LEFT JOIN "JobRunStep" s ON s."runId" = r.id GROUP BY r."functionId" ORDER BY 1`;
  const runStatuses = await db.$queryRaw<Array<{ functionId: string; status: string; runs: number }>>`
    SELECT "functionId", status::text, count(*)::int AS runs FROM "JobRun" GROUP BY 1, 2 ORDER BY 1, 2`;
  console.log(JSON.stringify({ ...result, jobRequests: requests, runStatuses }, null, 2));
  await jobs?.stop();
  receiver.close();
  await disconnectDb();
  await cleanup();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
