// Benchmark: one campaign growing to 100k leads on PostgreSQL, through the REST API's route
// handlers (authentication, rate limit, validation and JSON included; no HTTP socket).
//
//   npx tsx bench/campaign-leads-scale.ts --part=add  [--leads=100000] [--senders=0] [--batch=1000]
//   npx tsx bench/campaign-leads-scale.ts --part=list [--leads=100000] [--clients=50] [--requests=500]
//
// add: POST /campaigns/{id}/leads in batches as a client would; the time of every batch (first and
// last ten compared), the total, the table's size and its dead rows afterwards.
// list: seeds the campaign straight in SQL (so that it can measure code whose adding is slow), then
// GET /campaigns/{id}/leads from concurrent clients: the first page, a deep offset, and (when the
// API offers it) deep pages by cursor; p50/p95 latency and requests/s for each.
import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { median, rssMb } from "./bench-database";
import { benchArgs, setUpCampaignBench } from "./campaign-bench-setup";

const args = benchArgs();
const part = args.part ?? "add";
const leadCount = Number(args.leads ?? 100_000);
const senderCount = Number(args.senders ?? 0);
const batchSize = Number(args.batch ?? 1000);
const clients = Number(args.clients ?? 50);
const requests = Number(args.requests ?? 500);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/**
 * CPU seconds spent so far by this process and by the PostgreSQL sessions of its database: on a
 * machine shared with other work, wall times stretch with the load but this does not.
 */
async function cpuSeconds(db: { $queryRaw<T>(query: TemplateStringsArray): Promise<T> }): Promise<number> {
  const usage = process.cpuUsage();
  const sessions = await db.$queryRaw<Array<{ pid: number }>>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  let ticks = 0;
  for (const { pid } of sessions) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime and stime, in 1/100 s
  }
  return (usage.user + usage.system) / 1e6 + ticks / 100;
}

async function main() {
  process.env.HERALD_API_RATE_LIMIT_PER_MINUTE = "1000000";
  // Leads are added by profile URL: the sandbox network needs no prospects for that.
  const { actor, senders, tearDown } = await setUpCampaignBench({ prospects: 10, senderCount, senderPrefix: "scale-rep" });
  const { db } = await import("../server/db/client");
  const { callApi } = await import("../server/test/call-api");
  const { createTestApiKey } = await import("../server/test/factories");
  const { key } = await createTestApiKey(actor);

  const created = await callApi("POST", "/campaigns", {
    key,
    body: { name: "Scale", linkedinAccountIds: senders, sequence: { steps: [{ id: "invite", type: "invite" }] } },
  });
  const id = created.body!.data.id as string;
  const tableSize = async () => {
    const [row] = await db.$queryRaw<Array<{ size: string; dead: number; updated: number }>>`
      SELECT pg_size_pretty(pg_total_relation_size('"CampaignLead"')) AS size, n_dead_tup::int AS dead, n_tup_upd::int AS updated
      FROM pg_stat_user_tables WHERE relname = 'CampaignLead'`;
    return row!;
  };

  if (part === "add") {
    const times: number[] = [];
    const cpuBefore = await cpuSeconds(db);
    const started = performance.now();
    for (let start = 0; start < leadCount; start += batchSize) {
      const leads = Array.from({ length: Math.min(batchSize, leadCount - start) }, (_, index) => ({ profileUrl: `https://www.linkedin.com/in/scale-person-${start + index}` }));
      const begun = performance.now();
      const response = await callApi("POST", `/campaigns/${id}/leads`, { key, body: { leads } });
      if (response.status !== 200) throw new Error(`POST leads: ${response.status} ${JSON.stringify(response.body)}`);
      times.push(performance.now() - begun);
      if (times.length % 10 === 0) console.log(`  ${start + leads.length} leads, batch ${times.length}: ${times.at(-1)!.toFixed(0)} ms`);
    }
    const total = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(db)) - cpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the statistics collector catches up
    const size = await tableSize();
    const count = await db.campaignLead.count({ where: { campaignId: id } });
    console.log(`added ${count} leads in ${times.length} batches of ${batchSize}, ${senderCount} senders: ${total.toFixed(1)} s, ${cpu.toFixed(1)} CPU s (this process and its database sessions)`);
    console.log(
      `batch median ${median(times).toFixed(0)} ms; first ten median ${median(times.slice(0, 10)).toFixed(0)} ms; last ten median ${median(times.slice(-10)).toFixed(0)} ms; slowest ${Math.max(...times).toFixed(0)} ms`,
    );
    console.log(`CampaignLead: ${size.size} with indexes, ${size.updated} row updates, ${size.dead} dead rows; rss ${rssMb()} MB`);
  } else {
    const started = performance.now();
    await db.$executeRawUnsafe(`
      INSERT INTO "Lead" (id, "workspaceId", "publicIdentifier", "firstName", "lastName", source, "createdAt", "updatedAt")
      SELECT 'led_scale_' || n, '${actor.workspaceId}', 'scale-' || n, 'First' || n, 'Last' || n, 'api', now(), now() FROM generate_series(1, ${leadCount}) n`);
    await db.$executeRawUnsafe(`
      INSERT INTO "CampaignLead" ("workspaceId", "campaignId", "leadId", status, "currentStepId", "currentStepType", "waitUntil", "createdAt", "updatedAt")
      SELECT '${actor.workspaceId}', '${id}', 'led_scale_' || n, (CASE WHEN n % 10 = 0 THEN 'done' ELSE 'pending' END)::"CampaignLeadStatus", 'invite', 'invite', now(), now(), now()
      FROM generate_series(1, ${leadCount}) n`);
    await db.$executeRawUnsafe(`VACUUM ANALYZE "CampaignLead"`);
    console.log(`seeded ${leadCount} leads in SQL in ${((performance.now() - started) / 1000).toFixed(1)} s; CampaignLead ${(await tableSize()).size}`);

    const deepOffset = Math.max(0, leadCount - 100);
    const run = async (label: string, query: () => Promise<Record<string, string | number>>) => {
      const latencies: number[] = [];
      let next = 0;
      const cpuBefore = await cpuSeconds(db);
      const begun = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next++ < requests) {
            const params = await query();
            const at = performance.now();
            const response = await callApi("GET", `/campaigns/${id}/leads`, { key, query: params });
            if (response.status !== 200) throw new Error(`GET leads: ${response.status} ${JSON.stringify(response.body)}`);
            latencies.push(performance.now() - at);
          }
        }),
      );
      const seconds = (performance.now() - begun) / 1000;
      const cpuMs = (((await cpuSeconds(db)) - cpuBefore) * 1000) / latencies.length;
      console.log(
        `${label}: ${latencies.length} requests, ${clients} clients: ${(latencies.length / seconds).toFixed(1)} requests/s, p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, ${cpuMs.toFixed(0)} CPU ms per request`,
      );
    };
    await run("first page (limit 50, offset 0)", async () => ({ limit: 50 }));
    await run("first page of one status (pending)", async () => ({ limit: 50, status: "pending" }));
    await run(`deep offset (limit 50, offset ${deepOffset})`, async () => ({ limit: 50, offset: deepOffset }));
    // The cursor of a deep page, taken from the page before it, as a client paging forward has it.
    const probe = await callApi("GET", `/campaigns/${id}/leads`, { key, query: { limit: 100, offset: deepOffset - 100 } });
    const cursor = probe.body!.paging.nextCursor as string | undefined;
    if (cursor) await run("deep page by cursor (limit 50)", async () => ({ limit: 50, cursor }));
    else console.log("deep page by cursor: not offered by this version");
    console.log(`rss ${rssMb()} MB`);
  }
  await tearDown();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
