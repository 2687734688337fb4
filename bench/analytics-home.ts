// Benchmark: the analytics home (issue 36) at a million campaign leads on PostgreSQL, and what the
// rollup's trigger adds to the executor's hot path (a single-row UPDATE of a campaign lead).
//
//   npx tsx bench/analytics-home.ts [--leads=1000000] [--campaigns=200] [--senders=20] [--mailboxes=40]
//     [--days=120] [--actions=8000000] [--repeat=50] [--updates=2000]
//
// Loads in SQL (generate_series): the leads of `campaigns` campaigns, first contacted over `days`
// days, through the product's triggers (the statement trigger fills CampaignDailyOutcome from the one
// INSERT of all leads); `actions` sender actions and a journal row per lead and step reached (about
// 2 per lead: 10M actions in all at the defaults), loaded with session_replication_role = replica (no foreign-key checks, no
// SenderDailyUsage trigger): the home reads neither, they are there as the tables' weight.
// Then the home's reads through the services, each `repeat` times, beside a bare query through Prisma.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { benchArgs, setUpCampaignBench } from "./campaign-bench-setup";

const args = benchArgs();
const leadCount = Number(args.leads ?? 1_000_000);
const campaignCount = Number(args.campaigns ?? 200);
const senderCount = Number(args.senders ?? 20);
const mailboxCount = Number(args.mailboxes ?? 40);
const days = Number(args.days ?? 120);
const actionCount = Number(args.actions ?? 8_000_000);
const repeat = Number(args.repeat ?? 50);
const updates = Number(args.updates ?? 2000);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]!;
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function main() {
  const { actor, senders, tearDown } = await setUpCampaignBench({ prospects: 10, senderCount, senderPrefix: "analytics-rep" });
  const { db } = await import("../server/db/client");
  const { createCampaign } = await import("../server/services/campaigns/create-campaign");
  const { ZCreateCampaignInput } = await import("../server/schemas/campaign");
  const { getAnalyticsOverview } = await import("../server/services/analytics/get-analytics-overview");
  const { getAnalyticsBreakdown } = await import("../server/services/analytics/get-analytics-breakdown");
  const ws = actor.workspaceId;
  const sql = (text: string) => db.$executeRawUnsafe(text);
  const list = (ids: string[]) => `ARRAY[${ids.map((id) => `'${id}'`).join(",")}]`;
  console.log(`Loading ${leadCount} leads, ${campaignCount} campaigns, ${senderCount} senders, ${mailboxCount} mailboxes over ${days} days, ${actionCount} sender actions`);
  const loadStarted = performance.now();

  // One campaign through the service (its sequence: invite, message, e-mail, e-mail), the others copies of it.
  const template = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Campaign 0",
    linkedinAccountIds: senders,
    sequence: {
      steps: [
        { id: "invite", type: "invite" },
        { id: "message", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks!" } },
        { id: "email", type: "email", parent: "message", config: { subject: "Hello", text: "Hi" } },
        { id: "bump", type: "email", parent: "email", config: { subject: "Hello", text: "Bump" } },
      ],
    },
  }));
  await sql(`INSERT INTO "Campaign" (id, "workspaceId", name, status, unsubscribe, tracking, schedule, sequence, "linkedinAccountIds", "createdAt", "updatedAt")
    SELECT 'cmp_bench_' || n, "workspaceId", 'Campaign ' || n, 'active', unsubscribe, tracking, schedule, sequence, "linkedinAccountIds", now(), now()
    FROM "Campaign", generate_series(1, ${campaignCount - 1}) n WHERE id = '${template.id}'`);
  await sql(`INSERT INTO "Mailbox" (id, "workspaceId", label, email, provider, "authType", "connectedVia", "createdAt", "updatedAt")
    SELECT 'mbx_bench_' || n, '${ws}', 'Rep ' || n, 'rep' || n || '@sender.example', 'sandbox', 'sandbox', 'api', now(), now() FROM generate_series(0, ${mailboxCount - 1}) n`);
  const campaignIds = [template.id, ...Array.from({ length: campaignCount - 1 }, (_, index) => `cmp_bench_${index + 1}`)];
  const mailboxIds = Array.from({ length: mailboxCount }, (_, index) => `mbx_bench_${index}`);

  await timed("leads", () => sql(`INSERT INTO "Lead" (id, "workspaceId", "publicIdentifier", "firstName", source, "createdAt", "updatedAt")
    SELECT 'led_bench_' || n, '${ws}', 'bench-' || n, 'First' || n, 'api', now(), now() FROM generate_series(1, ${leadCount}) n`));
  // Lead n: campaign c = n % campaigns (~5,000 each at a million), sent by one of the campaign's three
  // senders (c, c+1, c+2) and, for the e-mailed half, one of its two mailboxes, first contacted on one
  // of the last `days` days (r: a hash of n, so that the dimensions are independent; 9 in 10 contacted),
  // and what it did since: accepted 1 in 3, messaged 1 in 4, replied 1 in 12, interested 1 in 30,
  // bounced 1 in 40, complained 1 in 1,000, unsubscribed 1 in 300, an outcome 1 in 100.
  const contact = `date_trunc('day', now()) - ((r % ${days}) || ' days')::interval + ((n % 600) || ' minutes')::interval`;
  await timed("campaign leads (the triggers fill the rollup)", () => sql(`
    INSERT INTO "CampaignLead" (id, "workspaceId", "campaignId", "leadId", "linkedinAccountId", "emailAccountId", status, phase, "currentStepId", "currentStepType", "waitUntil",
      contacted, "emailContacted", interest, "invitationSentAt", "invitationAccepted", "invitationAcceptedAt", "messageSentAt", "lastReplyAt",
      "emailSentAt", "emailRepliedAt", "emailBouncedAt", "complainedAt", "unsubscribedAt", outcome, "outcomeAt", reached, "createdAt", "updatedAt")
    SELECT 'cld_bench_' || n, '${ws}', (${list(campaignIds)})[1 + n % ${campaignCount}], 'led_bench_' || n,
      (${list(senders)})[1 + (n % ${campaignCount} + r / 1000 % 3) % ${senderCount}],
      CASE WHEN n % 2 = 0 THEN (${list(mailboxIds)})[1 + (n % ${campaignCount} + r / 7 % 2) % ${mailboxCount}] END,
      (CASE WHEN n % 12 = 0 THEN 'replied' WHEN n % 10 = 9 THEN 'pending' ELSE 'running' END)::"CampaignLeadStatus",
      'waiting', 'message', 'message', now() + interval '1 day',
      contacted, contacted AND n % 2 = 0, CASE WHEN contacted AND n % 30 = 0 THEN 'interested' END,
      CASE WHEN contacted THEN at END, contacted AND n % 3 = 0, CASE WHEN contacted AND n % 3 = 0 THEN at + interval '1 day' END,
      CASE WHEN contacted AND n % 4 = 0 THEN at + interval '2 days' END, CASE WHEN contacted AND n % 12 = 0 THEN at + interval '3 days' END,
      CASE WHEN contacted AND n % 2 = 0 THEN at + interval '1 hour' END, NULL,
      CASE WHEN contacted AND n % 40 = 0 THEN at + interval '2 hours' END, CASE WHEN contacted AND n % 1000 = 0 THEN at + interval '1 day' END,
      CASE WHEN contacted AND n % 300 = 0 THEN at + interval '1 day' END, CASE WHEN contacted AND n % 100 = 0 THEN 'Meeting booked' END,
      CASE WHEN contacted AND n % 100 = 0 THEN at + interval '4 days' END,
      -- The steps that reached it (as the journal's trigger keeps them; the journal below is loaded
      -- without triggers): the invitation, the message in variant a or b, the two e-mails.
      CASE WHEN contacted THEN array_remove(ARRAY['invite:a', CASE WHEN n % 4 = 0 THEN 'message:' || CASE WHEN r % 2 = 0 THEN 'a' ELSE 'b' END END,
        CASE WHEN n % 2 = 0 THEN 'email:a' END, CASE WHEN n % 2 = 0 THEN 'bump:a' END], NULL) ELSE '{}' END,
      at - interval '1 day', at
    FROM (SELECT n, r, n % 10 <> 9 AS contacted, ${contact} AS at
          FROM generate_series(1, ${leadCount}) n, LATERAL (SELECT abs(hashint4(n)) AS r) AS hash) AS lead`));
  await timed(`${actionCount} sender actions and the journal (replica mode: no FK checks, no usage trigger)`, async () => {
    // A session of its own: the load outlasts any Prisma transaction's timeout.
    const loader = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await loader.connect();
    await loader.query(`SET session_replication_role = replica`);
    await loader.query(`
        INSERT INTO "SenderAction" (id, "workspaceId", "accountId", "leadId", type, source, status, "campaignLeadId", "stepId", "sentAt", "createdAt", "updatedAt")
        SELECT 'act_bench_' || n, '${ws}', (${list(senders)})[1 + l % ${senderCount}], 'led_bench_' || l,
          (ARRAY['invitation','message','profile_view','post_like','follow','message'])[1 + n % 6], 'campaign', 'done', 'cld_bench_' || l,
          (ARRAY['invite','message','visit','like','follow','message'])[1 + n % 6], at, at, at
        FROM (SELECT n, 1 + n % ${leadCount} AS l, date_trunc('day', now()) - ((n % ${days}) || ' days')::interval AS at FROM generate_series(1, ${actionCount}) n) AS action`);
    await loader.query(`
        INSERT INTO "CampaignLeadStep" (id, "campaignLeadId", "campaignId", "stepId", "stepType", "variantId", status, "startedAt", "finishedAt")
        SELECT 'cls_bench_' || cl.id || '_' || s.step, cl.id, cl."campaignId", s.step, s.type,
          CASE WHEN cl.reached @> ARRAY['message:b'] AND s.step = 'message' THEN 'b' ELSE 'a' END, 'done', cl."contactedAt", cl."contactedAt"
        FROM "CampaignLead" cl JOIN (VALUES ('invite', 'invite', 0), ('message', 'message', 1), ('email', 'email', 2), ('bump', 'email', 3)) AS s(step, type, rank)
          ON s.rank = 0 OR (s.rank = 1 AND cl."messageSentAt" IS NOT NULL) OR (s.rank >= 2 AND cl."emailSentAt" IS NOT NULL)
        WHERE cl."workspaceId" = '${ws}' AND cl."contactedAt" IS NOT NULL`);
    await loader.end();
  });
  await timed("VACUUM ANALYZE", async () => {
    for (const table of ["Lead", "CampaignLead", "CampaignDailyOutcome", "CampaignStepOutcome", "SenderAction", "CampaignLeadStep"]) await sql(`VACUUM ANALYZE "${table}"`);
  });
  const [sizes] = await db.$queryRaw<Array<Record<string, string | number>>>`
    SELECT (SELECT count(*)::int FROM "CampaignDailyOutcome") AS "rollupRows", (SELECT count(*)::int FROM "CampaignLeadStep") AS "journalRows",
      (SELECT count(*)::int FROM "SenderAction") AS actions,
      pg_size_pretty(pg_total_relation_size('"CampaignLead"')) AS "campaignLeadSize", pg_size_pretty(pg_total_relation_size('"SenderAction"')) AS "senderActionSize",
      pg_size_pretty(pg_total_relation_size('"CampaignDailyOutcome"')) AS "rollupSize", pg_size_pretty(pg_database_size(current_database())) AS "databaseSize"`;
  console.log(`Loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s:`, sizes);

  const stepCampaign = campaignIds[1]!;
  const stepLeads = await db.campaignLead.count({ where: { campaignId: stepCampaign } });
  const reads: Array<[string, () => Promise<unknown>]> = [
    ["SELECT 1 through Prisma (baseline)", () => db.$queryRaw`SELECT 1`],
    ...(["7d", "30d", "90d"] as const).map((period): [string, () => Promise<unknown>] => [`overview ${period}`, () => getAnalyticsOverview(actor, { period })]),
    ...(["campaign", "sender", "mailbox"] as const).map((by): [string, () => Promise<unknown>] => [`breakdown by ${by}, 30d`, () => getAnalyticsBreakdown(actor, { period: "30d", by })]),
    ["breakdown by campaign, 90d", () => getAnalyticsBreakdown(actor, { period: "90d", by: "campaign" })],
    [`breakdown by step, 30d (one campaign, ${stepLeads} leads)`, () => getAnalyticsBreakdown(actor, { period: "30d", by: "step", campaignId: stepCampaign })],
    [`breakdown by step, 90d (one campaign, ${stepLeads} leads)`, () => getAnalyticsBreakdown(actor, { period: "90d", by: "step", campaignId: stepCampaign })],
  ];
  console.log(`\nThe home's reads, ${repeat} times each after 3 warm-up runs (ms):`);
  console.log("| Read | p50 | p95 | max |\n|---|---|---|---|");
  for (const [label, read] of reads) {
    for (let index = 0; index < 3; index++) await read();
    const times: number[] = [];
    for (let index = 0; index < repeat; index++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    console.log(`| ${label} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`);
  }

  // The executor's hot path: a lead's place changes (no figure does), one UPDATE at a time.
  const targets = await db.campaignLead.findMany({ where: { workspaceId: ws, contactedAt: { not: null } }, select: { id: true }, take: updates, orderBy: { seq: "asc" } });
  const updateAll = async (round: number) => {
    const times: number[] = [];
    for (const { id } of targets) {
      const started = performance.now();
      await db.campaignLead.update({ where: { id }, data: { phase: round % 2 ? "ready" : "waiting", waitUntil: new Date(Date.now() + round * 60_000), updatedAt: new Date() } });
      times.push(performance.now() - started);
    }
    return times;
  };
  const report = (label: string, times: number[]) =>
    console.log(`| ${label} | ${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.95).toFixed(2)} | ${(times.reduce((sum, time) => sum + time, 0) / times.length).toFixed(2)} |`);
  console.log(`\n${targets.length} single-row UPDATEs of a contacted lead's phase and waitUntil (ms):`);
  console.log("| Rollup trigger | p50 | p95 | mean |\n|---|---|---|---|");
  await updateAll(0);
  for (let round = 1; round <= 2; round++) {
    report(`on (round ${round})`, await updateAll(round * 2 - 1));
    await sql(`ALTER TABLE "CampaignLead" DISABLE TRIGGER "CampaignLead_outcomes_update"`);
    report(`off (round ${round})`, await updateAll(round * 2));
    await sql(`ALTER TABLE "CampaignLead" ENABLE TRIGGER "CampaignLead_outcomes_update"`);
  }
  await tearDown();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
