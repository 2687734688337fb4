// Benchmark: a verification job of 100,000 imported addresses (issue 37's goal: ≤ 5 minutes on 2
// cores against a local DNS server), through the same code path as the job runner's steps
// (createVerificationJob, then checkVerificationJobChunk chunk after chunk, as
// inngest/functions/verify-address-job.ts runs them), printing the progress after each chunk.
//
// DNS: BIND on loopback (server/test/dns-server.ts) serving one zone, bench.test, whose subdomains
// are the leads' domains (HERALD_DNS_SERVERS points Herald's resolver at it; nothing leaves the
// machine): most with MX, some with only an A record, some with a null MX, some absent (NXDOMAIN),
// plus gmail.com. Throwaway domains come from mailchecker's list and are never looked up.
// Addresses: each domain gets its share, with some role addresses (info@) and some bad syntax.
//
//   npx tsx bench/verify-addresses.ts [--addresses=100000] [--domains=5000] [--chunk=2000]
//   npm run bench:verify-addresses -- [same flags]
import os from "node:os";
import { performance } from "node:perf_hooks";
import mailchecker from "mailchecker";
import { benchDatabase, rssMb } from "./bench-database";
import { benchArgs } from "./campaign-bench-setup";
import { startTestDnsServer, type TestDnsRecord } from "../server/test/dns-server";

const args = benchArgs();
const addressCount = Number(args.addresses ?? 100_000);
const domainCount = Number(args.domains ?? 5_000);
const chunkSize = Number(args.chunk ?? 2_000);

(process.env as Record<string, string>).NODE_ENV = "production";
process.env.HERALD_LOG_LEVEL = "error";

type Kind = "mx" | "a-only" | "null-mx" | "absent" | "disposable" | "gmail";

/** The mix of domains: per 100, 80 with MX, 8 A only, 2 null MX, 6 absent, 3 throwaway, 1 gmail.com. */
function kindOf(index: number): Kind {
  const slot = index % 100;
  if (slot < 80) return "mx";
  if (slot < 88) return "a-only";
  if (slot < 90) return "null-mx";
  if (slot < 96) return "absent";
  if (slot < 99) return "disposable";
  return "gmail";
}

async function main() {
  const disposable = [...mailchecker.blacklist()].filter((domain) => /^[a-z0-9-]+\.(com|net|org)$/.test(domain)).sort().slice(0, domainCount);
  const records: TestDnsRecord[] = [{ name: "mx", type: "A", value: "192.0.2.10" }];
  const domains: Array<{ domain: string; kind: Kind }> = [];
  for (let index = 0; index < domainCount; index++) {
    const kind = kindOf(index);
    const label = `d${index}`;
    if (kind === "disposable") domains.push({ domain: disposable[index % disposable.length]!, kind });
    else if (kind === "gmail") domains.push({ domain: "gmail.com", kind });
    else domains.push({ domain: `${label}.bench.test`, kind });
    if (kind === "mx") records.push({ name: label, type: "MX", value: "mx.bench.test" });
    if (kind === "a-only") records.push({ name: label, type: "A", value: "192.0.2.20" });
    if (kind === "null-mx") records.push({ name: label, type: "MX", value: ".", priority: 0 });
  }
  const distinctDomains = new Set(domains.map((entry) => entry.domain)).size;
  const emails = Array.from({ length: addressCount }, (_, index) => {
    const { domain } = domains[index % domains.length]!;
    const person = Math.floor(index / domains.length);
    if (index % 250 === 7) return `not an address ${index}@${domain}`;
    if (index % 100 === 3) return `info@${domain}`;
    return `person${person}.${index}@${domain}`;
  });

  const setupStarted = performance.now();
  const dns = await startTestDnsServer({ "bench.test": records, "gmail.com": [{ name: "@", type: "MX", value: "mx.gmail.com" }, { name: "mx", type: "A", value: "192.0.2.40" }] });
  process.env.HERALD_DNS_SERVERS = dns.server;
  const database = await benchDatabase();
  process.env.DATABASE_URL = database.url;
  const { db, disconnectDb } = await import("../server/db/client");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { createVerificationJob } = await import("../server/services/verification/create-verification-job");
  const { checkVerificationJobChunk } = await import("../server/services/verification/check-verification-job-chunk");
  const { workspace } = await createTestWorkspace();
  // A mailbox that is not the sandbox's: the workspace's addresses are then verified against the real
  // DNS (here BIND), not the sandbox's zones (server/services/verification/verification-resolver.ts).
  const at = new Date();
  await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Real mailbox", email: "ops@bench.test", provider: "smtp", authType: "password", connectedVia: "api", createdAt: at, updatedAt: at } });
  console.log(`Setup (BIND with ${records.length} records, a migrated database): ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
  console.log(`${addressCount.toLocaleString("en")} addresses over ${distinctDomains.toLocaleString("en")} domains, chunks of ${chunkSize.toLocaleString("en")}; DNS ${dns.server}`);

  try {
    const started = performance.now();
    const job = (await createVerificationJob({ workspaceId: workspace.id, emails, targetsCompanies: true, source: "api", send: false }))!;
    const created = performance.now();
    console.log(`Job created (${job.total.toLocaleString("en")} distinct addresses): ${((created - started) / 1000).toFixed(1)} s`);
    const chunkTimes: number[] = [];
    for (;;) {
      const chunkStarted = performance.now();
      const outcome = await checkVerificationJobChunk(job.id, { chunkSize });
      chunkTimes.push(performance.now() - chunkStarted);
      const elapsed = (performance.now() - started) / 1000;
      console.log(`Checking ${outcome.checked.toLocaleString("en")} of ${outcome.total.toLocaleString("en")} addresses… ${elapsed.toFixed(1)} s`);
      if (outcome.done) break;
    }
    const total = (performance.now() - started) / 1000;
    const row = await db.verificationJob.findUniqueOrThrow({ where: { id: job.id }, select: { status: true, checked: true, counts: true } });
    const stored = await db.addressVerification.count({ where: { workspaceId: workspace.id } });
    const sorted = [...chunkTimes].sort((a, b) => a - b);
    console.log("");
    console.log(`Status ${row.status}, ${row.checked.toLocaleString("en")} checked, ${stored.toLocaleString("en")} results stored; counts ${JSON.stringify(row.counts)}`);
    console.log(`End to end: ${total.toFixed(1)} s (${Math.round(addressCount / total).toLocaleString("en")} addresses/s); job creation ${((created - started) / 1000).toFixed(1)} s`);
    console.log(`Chunk time: first ${(chunkTimes[0]! / 1000).toFixed(2)} s (cold domain cache), median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(2)} s, max ${(sorted[sorted.length - 1]! / 1000).toFixed(2)} s`);
    console.log(`Goal ≤ 300 s: ${total <= 300 ? "met" : `missed by ${(total - 300).toFixed(1)} s`}. RSS ${rssMb()} MB. ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}`);
  } finally {
    await disconnectDb();
    await database.drop();
    await dns.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
