// Benchmark: the unified inbox's list at 100,000 conversations of one workspace on PostgreSQL.
//
//   npx tsx bench/inbox-list.ts [--conversations=100000] [--requests=200] [--clients=1]
//   npm run bench:inbox-list -- [same flags]
//
// Seeds a fresh database straight in SQL (the rows the triggers would have written): 20 senders and
// 10 mailboxes, 10 campaigns, one lead per conversation (names from small pools, so that a search
// for a common last name matches about 1 in 50), 70% of leads in a campaign with an interest
// (5% interested, 5% not interested, 10% neutral, the rest unknown), 60% LinkedIn and 40% e-mail
// conversations over 90 days, 15% replied and 3% unread. Then asks listConversations (the service
// the API and the dashboard call: the page, the unread count under the same filters, the accounts'
// names) for the first page and for each filter, `requests` times from `clients` concurrent
// callers, and reports p50 / p95 / max and requests/s per case.
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { benchDatabase, rssMb } from "./bench-database";
import { benchArgs } from "./campaign-bench-setup";

const args = benchArgs();
const total = Number(args.conversations ?? 100_000);
const requests = Number(args.requests ?? 200);
const clients = Number(args.clients ?? 1);
/** Keep the database afterwards (its URL is printed), to look at plans with psql. */
const keep = "keep" in args;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

const FIRST_NAMES = ["Ada", "Grace", "Alan", "Linus", "Barbara", "Edsger", "Donald", "Frances", "Ken", "Margaret", "Dennis", "Radia", "John", "Katherine", "Tim", "Hedy", "Niklaus", "Shafi", "Leslie", "Sophie"];
const LAST_NAMES = Array.from({ length: 50 }, (_, index) => `Surname${index}`);

async function seed(db: typeof import("../server/db/client").db, workspaceId: string) {
  const at = new Date();
  const senders = Array.from({ length: 20 }, (_, index) => ({
    workspaceId,
    label: `Rep ${index}`,
    provider: "sandbox",
    providerAccountId: `bench-${randomBytes(6).toString("hex")}`,
    connectionMethod: "credentials",
    connectedVia: "api",
    connectionStatus: "connected",
    createdAt: at,
    updatedAt: at,
  }));
  await db.linkedinAccount.createMany({ data: senders });
  await db.mailbox.createMany({
    data: Array.from({ length: 10 }, (_, index) => ({ workspaceId, label: `Inbox ${index}`, email: `inbox${index}@acme.example`, provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at })),
  });
  await db.campaign.createMany({
    data: Array.from({ length: 10 }, (_, index) => ({
      workspaceId,
      name: `Campaign ${index}`,
      status: "active",
      unsubscribe: {},
      tracking: {},
      schedule: {},
      sequence: { steps: [] },
      createdAt: at,
      updatedAt: at,
    })),
  });
  const [senderIds, mailboxIds, campaignIds] = await Promise.all([
    db.linkedinAccount.findMany({ where: { workspaceId }, select: { id: true }, orderBy: { id: "asc" } }),
    db.mailbox.findMany({ where: { workspaceId }, select: { id: true }, orderBy: { id: "asc" } }),
    db.campaign.findMany({ where: { workspaceId }, select: { id: true }, orderBy: { id: "asc" } }),
  ]);
  const started = performance.now();
  // Leads: n = 1..total; names from the pools, addresses unique.
  await db.$executeRawUnsafe(
    `INSERT INTO "Lead" ("id", "workspaceId", "firstName", "lastName", "email", "memberId", "source", "createdAt", "updatedAt")
     SELECT 'led_bench' || n, $1, ($2::text[])[1 + n % 20], ($3::text[])[1 + (n / 20) % 50], 'person' || n || '@prospect' || (n % 97) || '.example', 'member' || n, 'api', now(), now()
     FROM generate_series(1, $4::int) AS n`,
    workspaceId,
    FIRST_NAMES,
    LAST_NAMES,
    total,
  );
  // 70% in a campaign; interest by n: 5% interested, 5% not interested, 10% neutral, the rest unknown.
  await db.$executeRawUnsafe(
    `INSERT INTO "CampaignLead" ("id", "workspaceId", "campaignId", "leadId", "status", "interest", "interestBy", "createdAt", "updatedAt")
     SELECT 'cld_bench' || n, $1, ($2::text[])[1 + n % 10], 'led_bench' || n, 'running',
       CASE WHEN n % 20 = 1 THEN 'interested' WHEN n % 20 = 2 THEN 'not_interested' WHEN n % 20 IN (3, 4) THEN 'neutral' END,
       CASE WHEN n % 20 BETWEEN 1 AND 4 THEN 'ai' END, now(), now()
     FROM generate_series(1, $3::int) AS n WHERE n % 10 < 7`,
    workspaceId,
    campaignIds.map((row) => row.id),
    total,
  );
  // Conversations: 60% LinkedIn, 40% e-mail, over 90 days; 15% replied, 3% unread (of the replied).
  await db.$executeRawUnsafe(
    `INSERT INTO "Conversation" ("workspaceId", "channel", "accountId", "leadId", "chatId", "campaignId", "campaignLeadId", "subject",
       "lastMessageAt", "lastMessageText", "lastDirection", "messageCount", "inboundCount", "lastInboundAt", "unread", "createdAt", "updatedAt")
     SELECT $1, CASE WHEN n % 5 < 3 THEN 'linkedin' ELSE 'email' END,
       CASE WHEN n % 5 < 3 THEN ($2::text[])[1 + n % 20] ELSE ($3::text[])[1 + n % 10] END,
       'led_bench' || n,
       CASE WHEN n % 5 < 3 THEN 'chat-' || n ELSE 'email:bench:<m' || n || '@acme.example>' END,
       CASE WHEN n % 10 < 7 THEN ($4::text[])[1 + n % 10] END,
       CASE WHEN n % 10 < 7 THEN 'cld_bench' || n END,
       CASE WHEN n % 5 >= 3 THEN 'Quick question' END,
       timestamp '2026-03-01' + (random() * interval '90 days'),
       'A message of some length, as people write them, cut at 280 characters by the trigger.',
       CASE WHEN n % 100 < 15 THEN 'inbound' ELSE 'outbound' END,
       1 + n % 6, CASE WHEN n % 100 < 15 THEN 1 ELSE 0 END, NULL, n % 100 < 3, now(), now()
     FROM generate_series(1, $5::int) AS n`,
    workspaceId,
    senderIds.map((row) => row.id),
    mailboxIds.map((row) => row.id),
    campaignIds.map((row) => row.id),
    total,
  );
  await db.$executeRawUnsafe(`ANALYZE "Lead"`);
  await db.$executeRawUnsafe(`ANALYZE "CampaignLead"`);
  await db.$executeRawUnsafe(`ANALYZE "Conversation"`);
  console.log(`Seeded ${total} conversations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { senderIds: senderIds.map((row) => row.id), mailboxIds: mailboxIds.map((row) => row.id), campaignIds: campaignIds.map((row) => row.id) };
}

async function main() {
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.HERALD_LOG_LEVEL = "error";
  const database = await benchDatabase();
  process.env.DATABASE_URL = database.url;
  const { db, disconnectDb } = await import("../server/db/client");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { listConversations } = await import("../server/services/inbox/list-conversations");
  const { countUnreadConversations } = await import("../server/services/inbox/count-unread-conversations");
  try {
    const { actor } = await createTestWorkspace();
    const ids = await seed(db, actor.workspaceId);
    const version = await db.$queryRawUnsafe<Array<{ server_version: string }>>("SHOW server_version");
    console.log(`PostgreSQL ${version[0]!.server_version}, Node ${process.version}, ${clients} client(s), ${requests} requests per case`);

    // A cursor 100 pages deep, walked once.
    let deepCursor: string | undefined;
    for (let page = 0; page < 100; page++) deepCursor = (await listConversations(actor, { cursor: deepCursor })).paging.nextCursor ?? undefined;

    const cases: Array<[string, () => Promise<unknown>]> = [
      ["First page", () => listConversations(actor, {})],
      ["Unread", () => listConversations(actor, { unread: true })],
      ["Channel e-mail", () => listConversations(actor, { channel: "email" })],
      ["One sender", () => listConversations(actor, { accountId: ids.senderIds[3]! })],
      ["One campaign", () => listConversations(actor, { campaignId: ids.campaignIds[2]! })],
      ["Interest interested", () => listConversations(actor, { interest: "interested" })],
      ["Interest unknown", () => listConversations(actor, { interest: "unknown" })],
      ["Replied, LinkedIn", () => listConversations(actor, { replied: true, channel: "linkedin" })],
      ["Search a last name (1 in 50)", () => listConversations(actor, { search: "surname17" })],
      ["Search one address", () => listConversations(actor, { search: "person4242@" })],
      ["Search, no match", () => listConversations(actor, { search: "nobody-at-all" })],
      ["Page 101 by cursor", () => listConversations(actor, { cursor: deepCursor })],
      ["Unread count (nav badge)", () => countUnreadConversations(actor)],
    ];
    const rows: string[] = [];
    for (const [name, run] of cases) {
      for (let warm = 0; warm < 5; warm++) await run();
      const times: number[] = [];
      let next = 0;
      const caseStarted = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < requests) {
            next += 1;
            const begun = performance.now();
            await run();
            times.push(performance.now() - begun);
          }
        }),
      );
      const seconds = (performance.now() - caseStarted) / 1000;
      const row = `| ${name} | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${(times.length / seconds).toFixed(0)} |`;
      rows.push(row);
      console.log(row);
    }
    console.log("\n| Case | p50 | p95 | max | requests/s |\n|---|---|---|---|---|");
    for (const row of rows) console.log(row);
    console.log(`RSS ${rssMb()} MB`);
  } finally {
    await disconnectDb();
    if (keep) console.log(`Kept ${database.url}`);
    else await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
