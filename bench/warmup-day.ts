// Benchmark: 1,000 mailboxes warming in one installation for a simulated day, on PostgreSQL. The
// warmup pass (services/mail/warmup/run-warmup-pass.ts, what the Inngest function run-warmup-pass runs
// every 5 minutes) is driven every 5 simulated minutes across 24 hours with Herald's injectable
// clock: each pass ticks the network for its warming mailboxes in batches (the day's warmup e-mails
// sent, landed, read, rescued and replied to as the day passes) and syncs every warmup (day, warm,
// health, hold).
//
//   npx tsx bench/warmup-day.ts [--mailboxes=1000] [--network=sandbox|pool] [--keep] [--trace]
//   npm run bench:warmup-day -- [same flags]
//
// The mailboxes are sandbox mailboxes of one workspace in three time zones (UTC, Europe/Paris,
// America/New_York), a third on each preset, spread over warmup days 1 to 24 (so some are warm
// already), each enrolled through the network's own enroll(). Reports the pass's cost (ms per pass,
// p50/p95/max, total), the SQL statements it sent (counted on node-postgres's Client.query, which
// Prisma's adapter uses), what the network did, and the database growth of the warmup tables.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { benchDatabase, rssMb } from "./bench-database";
import { benchArgs } from "./campaign-bench-setup";

const args = benchArgs();
const mailboxCount = Number(args.mailboxes ?? 1000);
const networkName = (args.network ?? "sandbox") as "sandbox" | "pool";
const keep = "keep" in args;
const START = Date.parse("2026-03-02T00:00:00Z");
const PASS_MS = 5 * 60_000;
const TIME_ZONES = ["UTC", "Europe/Paris", "America/New_York"];
const PRESETS = ["conservative", "standard", "aggressive"] as const;
const TABLES = ["MailboxWarmup", "WarmupDay", "SandboxWarmupEnrollment", "WarmupEmail", "SandboxEmail", "EmailMessage"];

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

// Every statement Prisma sends goes through node-postgres's Client.query.
let statements = 0;
/** --trace: print the statements of the pass at noon (the first 100 characters of each). */
let tracing = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  statements += 1;
  if (tracing) {
    const first = rest[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    console.log(`  sql: ${text.replace(/\s+/g, " ").slice(0, 100)}`);
  }
  return (query as (...args: unknown[]) => unknown).apply(this, rest);
} as typeof query;

async function main() {
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.HERALD_LOG_LEVEL = "error";
  process.env.HERALD_WARMUP_NETWORK = networkName;
  const database = await benchDatabase();
  process.env.DATABASE_URL = database.url;
  const clockModule = await import("../server/lib/clock");
  const clock = new clockModule.ManualClock(START);
  clockModule.setClock(clock);
  const { db, disconnectDb } = await import("../server/db/client");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { presetStrategy } = await import("../server/domain/mail/warmup-ramp");
  const { zonedDateString } = await import("../server/lib/time-zones");
  const { getWarmupNetwork } = await import("../server/providers/warmup");
  const { runWarmupPass } = await import("../server/services/mail/warmup/run-warmup-pass");

  const sizes = async () => {
    const result = new Map<string, { bytes: number; rows: number }>();
    for (const table of TABLES) {
      const [row] = await db.$queryRawUnsafe<Array<{ bytes: bigint; rows: bigint }>>(`SELECT pg_total_relation_size('"${table}"') AS bytes, (SELECT count(*) FROM "${table}") AS rows`);
      result.set(table, { bytes: Number(row!.bytes), rows: Number(row!.rows) });
    }
    return result;
  };

  try {
    const { actor } = await createTestWorkspace();
    let started = performance.now();
    const at = clock.now();
    await db.mailbox.createMany({
      data: Array.from({ length: mailboxCount }, (_, index) => ({
        workspaceId: actor.workspaceId,
        label: `Warm ${index}`,
        email: `warm${index}@sender${index % 50}.example`,
        provider: "sandbox",
        authType: "sandbox",
        connectedVia: "api",
        timezone: TIME_ZONES[index % TIME_ZONES.length]!,
        createdAt: at,
        updatedAt: at,
      })),
    });
    const mailboxes = await db.mailbox.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { email: "asc" } });
    const network = await getWarmupNetwork(networkName);
    const warmups = [];
    for (const [index, mailbox] of mailboxes.entries()) {
      const { preset, ...strategy } = presetStrategy(PRESETS[index % PRESETS.length]!);
      const day = 1 + (index % 24);
      let externalId: string;
      try {
        ({ externalId } = await network.enroll({ id: mailbox.id, workspaceId: actor.workspaceId, email: mailbox.email, provider: "sandbox", timezone: mailbox.timezone }, strategy));
      } catch (error) {
        throw new Error(`The ${networkName} network could not enroll a mailbox: ${error instanceof Error ? error.message : String(error)}`);
      }
      const startedAt = new Date(at.getTime() - (day - 1) * 86_400_000);
      warmups.push({
        mailboxId: mailbox.id,
        workspaceId: actor.workspaceId,
        network: networkName,
        externalId,
        status: "warming",
        preset,
        startingVolume: strategy.startingVolume,
        dailyIncrease: strategy.dailyIncrease,
        targetVolume: strategy.targetVolume,
        replyInboxMin: strategy.replyInbox[0],
        replyInboxMax: strategy.replyInbox[1],
        replyPromotionsMin: strategy.replyPromotions[0],
        replyPromotionsMax: strategy.replyPromotions[1],
        replySpam: strategy.replySpam,
        appliedStrategy: strategy,
        day,
        dayDate: zonedDateString(at, mailbox.timezone),
        startedAt,
        holdUntil: new Date(startedAt.getTime() + 14 * 86_400_000),
        holdReason: "warming",
        createdAt: at,
        updatedAt: at,
      });
    }
    await db.mailboxWarmup.createMany({ data: warmups });
    await db.$executeRawUnsafe("VACUUM ANALYZE");
    console.log(`seeded ${mailboxCount} mailboxes warming on the ${networkName} network in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const version = await db.$queryRawUnsafe<Array<{ server_version: string }>>("SHOW server_version");
    console.log(`PostgreSQL ${version[0]!.server_version}, Node ${process.version}`);

    const before = await sizes();
    const passes: number[] = [];
    const totals = { sent: 0, read: 0, replied: 0, rescued: 0, failed: 0, errors: 0 };
    statements = 0;
    started = performance.now();
    for (let moment = START + PASS_MS; moment <= START + 86_400_000; moment += PASS_MS) {
      clock.set(moment);
      tracing = "trace" in args && moment === START + 12 * 3_600_000;
      const passStarted = performance.now();
      const pass = await runWarmupPass();
      tracing = false;
      passes.push(performance.now() - passStarted);
      for (const batch of pass.batches) {
        if ("error" in batch) {
          totals.errors += 1;
          if (totals.errors === 1) console.log(`a ${batch.network} tick failed: ${batch.error}`);
          continue;
        }
        totals.sent += batch.sent;
        totals.read += batch.read;
        totals.replied += batch.replied;
        totals.rescued += batch.rescued;
        totals.failed += batch.failed;
      }
    }
    const total = performance.now() - started;
    const passStatements = statements;
    const after = await sizes();

    const warm = await db.mailboxWarmup.count({ where: { status: "warm" } });
    const held = await db.mailboxWarmup.groupBy({ by: ["holdReason"], _count: true });
    console.log(`${passes.length} passes over 24 simulated hours: total ${(total / 1000).toFixed(1)} s; per pass p50 ${percentile(passes, 0.5).toFixed(1)} ms, p95 ${percentile(passes, 0.95).toFixed(1)} ms, max ${Math.max(...passes).toFixed(1)} ms`);
    console.log(`SQL statements: ${passStatements} (${(passStatements / passes.length).toFixed(1)} per pass)`);
    console.log(`network: ${totals.sent} warmup e-mails sent, ${totals.read} read, ${totals.replied} replied, ${totals.rescued} rescued, ${totals.failed} failed, ${totals.errors} failed ticks`);
    console.log(`after the day: ${warm} warm, holds ${held.map((row) => `${row.holdReason ?? "none"} ${row._count}`).join(", ")}`);
    console.log("database growth (pg_total_relation_size: the table with its indexes and TOAST, dead row versions not yet vacuumed included; rows):");
    for (const table of TABLES) {
      const a = before.get(table)!;
      const b = after.get(table)!;
      console.log(`  ${table}: ${(a.bytes / 1024).toFixed(0)} KiB → ${(b.bytes / 1024).toFixed(0)} KiB (+${((b.bytes - a.bytes) / 1024).toFixed(0)} KiB), rows ${a.rows} → ${b.rows}`);
    }
    console.log(`rss ${rssMb()} MB`);
  } finally {
    await disconnectDb();
    if (keep) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
