// Benchmark: the Approvals queue with 10,000 pending drafts of one workspace, on PostgreSQL or on the
// embedded PGlite.
//
//   npx tsx bench/approvals-queue.ts [--items=10000] [--decided=5000] [--requests=100] [--db=postgres|embedded] [--keep]
//   npm run bench:approvals-queue -- [same flags]
//
// Seeds a fresh database straight in SQL (the rows the executor writes when it drafts): 20 senders,
// 10 campaigns with a comment step and an AI voice note step, one lead per draft waiting on its step
// in phase `approval`; `items` pending drafts (60% comments, 40% voice notes) made over 30 days, and
// `decided` older ones already sent, rejected or withdrawn (the queue's history). Then calls the
// services behind GET /api/v1/pending-comments, /pending-voice-notes and the dashboard's
// `approvals.*`: each case `requests` times after 5 warm-up calls, one caller at a time, and reports
// p50 / p95 / max and requests/s. Approving and rejecting decide a different draft each time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { benchDatabase, rssMb } from "./bench-database";
import { benchArgs } from "./campaign-bench-setup";

const args = benchArgs();
const items = Number(args.items ?? 10_000);
const decided = Number(args.decided ?? 5_000);
const requests = Number(args.requests ?? 100);
const mode = (args.db ?? "postgres") as "postgres" | "embedded";
/** Keep the PostgreSQL database afterwards (its URL is printed), to look at plans with psql. */
const keep = "keep" in args;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  if (mode === "postgres") return benchDatabase();
  const { startEmbeddedPostgres } = await import("../server/db/embedded-postgres");
  const { applyMigrations } = await import("../server/db/migrations");
  const dir = mkdtempSync(path.join(tmpdir(), "herald-bench-"));
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  await applyMigrations(embedded.url);
  return {
    url: embedded.url,
    async drop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function seed(db: typeof import("../server/db/client").db, actor: import("../server/lib/actor").Actor) {
  const { workspaceId } = actor;
  const at = new Date();
  await db.linkedinAccount.createMany({
    data: Array.from({ length: 20 }, (_, index) => ({
      workspaceId,
      label: `Rep ${index}`,
      provider: "sandbox",
      providerAccountId: `bench-${randomBytes(6).toString("hex")}`,
      connectionMethod: "password",
      connectedVia: "api",
      connectionStatus: "connected",
      createdAt: at,
      updatedAt: at,
    })),
  });
  const { approvalCampaign } = await import("../server/test/approvals-seed");
  for (let index = 0; index < 10; index++) await approvalCampaign(actor, `Campaign ${index}`);
  const [senderIds, campaignIds] = await Promise.all([
    db.linkedinAccount.findMany({ where: { workspaceId }, select: { id: true }, orderBy: { id: "asc" } }),
    db.campaign.findMany({ where: { workspaceId }, select: { id: true }, orderBy: { id: "asc" } }),
  ]);
  const total = items + decided;
  const started = performance.now();
  // n = 1..total: drafts 1..decided are the decided history (older), the rest pending. Comments
  // where n % 5 < 3, voice notes otherwise.
  await db.$executeRawUnsafe(
    `INSERT INTO "Lead" ("id", "workspaceId", "firstName", "lastName", "headline", "company", "publicIdentifier", "profileUrl", "source", "createdAt", "updatedAt")
     SELECT 'led_bench' || n, $1, 'First' || (n % 97), 'Last' || (n % 89), 'A headline of some length, as people write them', 'Company ' || (n % 500),
       'person-' || n, 'https://www.linkedin.com/in/person-' || n, 'api', now(), now()
     FROM generate_series(1, $2::int) AS n`,
    workspaceId,
    total,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "CampaignLead" ("id", "workspaceId", "campaignId", "leadId", "linkedinAccountId", "status", "phase", "currentStepId", "currentStepType", "contacted", "createdAt", "updatedAt")
     SELECT 'cld_bench' || n, $1, ($2::text[])[1 + n % 10], 'led_bench' || n, ($3::text[])[1 + n % 20], 'running',
       CASE WHEN n > $5::int THEN 'approval' ELSE 'ready' END,
       CASE WHEN n % 5 < 3 THEN 'comment' ELSE 'voice' END, CASE WHEN n % 5 < 3 THEN 'comment_post' ELSE 'ai_voice_note' END, true, now(), now()
     FROM generate_series(1, $4::int) AS n`,
    workspaceId,
    campaignIds.map((row) => row.id),
    senderIds.map((row) => row.id),
    total,
    decided,
  );
  const status = `CASE WHEN n > $5::int THEN 'pending' WHEN n % 3 = 0 THEN 'sent' WHEN n % 3 = 1 THEN 'rejected' ELSE 'cancelled' END`;
  const created = `timestamp '2026-10-01' + (n::float / $4::int) * interval '30 days'`;
  await db.$executeRawUnsafe(
    `INSERT INTO "PendingComment" ("id", "workspaceId", "campaignId", "campaignLeadId", "leadId", "linkedinAccountId", "stepId", "status", "prompt", "comment",
       "postId", "postUrl", "postText", "postedAt", "createdAt", "updatedAt")
     SELECT 'pcm_bench' || n, $1, ($2::text[])[1 + n % 10], 'cld_bench' || n, 'led_bench' || n, ($3::text[])[1 + n % 20], 'comment', ${status},
       'Congratulate them on the post', 'Congratulations on the launch — a thoughtful comment of a realistic length, two sentences or so.',
       'post-' || n, 'https://www.linkedin.com/feed/update/urn:li:activity:' || n, repeat('A post of some length. ', 20), ${created}, ${created}, ${created}
     FROM generate_series(1, $4::int) AS n WHERE n % 5 < 3`,
    workspaceId,
    campaignIds.map((row) => row.id),
    senderIds.map((row) => row.id),
    total,
    decided,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "PendingVoiceNote" ("id", "workspaceId", "campaignId", "campaignLeadId", "leadId", "linkedinAccountId", "stepId", "kind", "status", "script",
       "voiceId", "voiceName", "audioKey", "audioMimeType", "durationMs", "createdAt", "updatedAt")
     SELECT 'pvn_bench' || n, $1, ($2::text[])[1 + n % 10], 'cld_bench' || n, 'led_bench' || n, ($3::text[])[1 + n % 20], 'voice', 'ai', ${status},
       'Hi there, a quick word about your company and what we do', 'en', 'English', 'audio/' || $1 || '/bench' || n || '.wav', 'audio/wav', 9000, ${created}, ${created}
     FROM generate_series(1, $4::int) AS n WHERE n % 5 >= 3`,
    workspaceId,
    campaignIds.map((row) => row.id),
    senderIds.map((row) => row.id),
    total,
    decided,
  );
  for (const table of ["Lead", "CampaignLead", "PendingComment", "PendingVoiceNote"]) await db.$executeRawUnsafe(`ANALYZE "${table}"`);
  console.log(`Seeded ${items} pending and ${decided} decided drafts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { senderIds: senderIds.map((row) => row.id), campaignIds: campaignIds.map((row) => row.id) };
}

async function main() {
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.HERALD_LOG_LEVEL = "error";
  process.env.HERALD_ENCRYPTION_KEY ??= randomBytes(32).toString("base64");
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64");
  const created = await database();
  process.env.DATABASE_URL = created.url;
  const { db, disconnectDb } = await import("../server/db/client");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { listPendingComments } = await import("../server/services/approvals/list-pending-comments");
  const { listPendingVoiceNotes } = await import("../server/services/approvals/list-pending-voice-notes");
  const { countPendingApprovals } = await import("../server/services/approvals/count-pending-approvals");
  const { approvePendingComment } = await import("../server/services/approvals/approve-pending-comment");
  const { rejectPendingVoiceNote } = await import("../server/services/approvals/reject-pending-voice-note");
  try {
    const { actor } = await createTestWorkspace();
    const ids = await seed(db, actor);
    const version = await db.$queryRawUnsafe<Array<{ server_version: string }>>("SHOW server_version");
    console.log(`${mode === "postgres" ? "PostgreSQL" : "PGlite (embedded)"} ${version[0]!.server_version}, Node ${process.version}, ${requests} requests per case`);

    const { comments: pendingComments } = await countPendingApprovals(actor);
    const deepOffset = Math.max(0, pendingComments - 50);
    // The newest drafts are decided by the approve and reject cases, one each per call.
    const toApprove = (await db.pendingComment.findMany({ where: { workspaceId: actor.workspaceId, status: "pending" }, orderBy: { createdAt: "desc" }, take: requests + 5, select: { id: true } })).map((row) => row.id);
    const toReject = (await db.pendingVoiceNote.findMany({ where: { workspaceId: actor.workspaceId, status: "pending" }, orderBy: { createdAt: "desc" }, take: requests + 5, select: { id: true } })).map((row) => row.id);
    const page = { limit: 50, offset: 0 };

    const cases: Array<[string, () => Promise<unknown>]> = [
      ["Comments, first page", () => listPendingComments(actor, page)],
      ["Voice notes, first page (signed audio URLs)", () => listPendingVoiceNotes(actor, page)],
      // Drafts n go to campaign n % 10 and sender n % 20, comments where n % 5 < 3: campaign 2 and
      // sender 7 have comments, campaign 3 with sender 3 voice notes.
      ["Comments, one campaign", () => listPendingComments(actor, { ...page, campaignId: ids.campaignIds[2]! })],
      ["Comments, one sender", () => listPendingComments(actor, { ...page, linkedinAccountId: ids.senderIds[7]! })],
      ["Voice notes, one campaign and sender", () => listPendingVoiceNotes(actor, { ...page, campaignId: ids.campaignIds[3]!, linkedinAccountId: ids.senderIds[3]! })],
      [`Comments, deep page (offset ${deepOffset})`, () => listPendingComments(actor, { ...page, offset: deepOffset })],
      ["Comments, history (status sent)", () => listPendingComments(actor, { ...page, status: "sent" })],
      ["Counts (navigation)", () => countPendingApprovals(actor)],
      ["Approve a comment", () => approvePendingComment(actor, toApprove.pop()!, {})],
      ["Reject a voice note (lead placed)", () => rejectPendingVoiceNote(actor, toReject.pop()!)],
    ];
    const rows: string[] = [];
    for (const [name, run] of cases) {
      // Each list case must find a full page (its total is printed), or it measures nothing.
      const first = (await run()) as { data?: unknown[]; paging?: { total: number } };
      if (first.data) {
        console.log(`${name}: ${first.data.length} on the page of ${first.paging!.total}`);
        if (first.data.length < 50) throw new Error(`${name} found ${first.data.length} drafts, not a full page`);
      }
      for (let warm = 0; warm < 4; warm++) await run();
      const times: number[] = [];
      const caseStarted = performance.now();
      for (let index = 0; index < requests; index++) {
        const begun = performance.now();
        await run();
        times.push(performance.now() - begun);
      }
      const seconds = (performance.now() - caseStarted) / 1000;
      const row = `| ${name} | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${(times.length / seconds).toFixed(0)} |`;
      rows.push(row);
      console.log(row);
    }
    console.log("\n| Case (limit 50) | p50 | p95 | max | requests/s |\n|---|---|---|---|---|");
    for (const row of rows) console.log(row);
    console.log(`RSS ${rssMb()} MB`);
  } finally {
    await disconnectDb();
    if (keep && mode === "postgres") console.log(`Kept ${created.url}`);
    else await created.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
