// A sandbox mailbox's deliverability test end to end: the test e-mail goes through the sandbox mail
// network to its seed, which files it by the placement rule (DNS health, warmup days, bounce rate)
// and authenticates it from the stored DNS health; the seed never answers (no opens, replies or
// bounces); a domain with `listed` in its name is on the sandbox's domain blocklist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { LISTED_SENDING_IP } from "@/server/providers/dns";
import { placeSandboxEmail } from "@/server/providers/mail/sandbox/placement";
import { SANDBOX_SEED_ADDRESS, SANDBOX_SENDING_IP } from "@/server/providers/mail/seeds/sandbox-seed-inbox";
import type { TDnsHealth } from "@/server/schemas/mailbox-health";
import { advanceSandboxMail } from "@/server/services/sandbox/advance-sandbox-mail";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { getMailbox } from "@/server/services/mail/mailboxes/get-mailbox";
import { createTestWorkspace } from "@/server/test/factories";
import { startHeraldJobs, type HeraldJobs } from "@/server/test/herald-jobs";
import { startDeliverabilityTest } from "./start-deliverability-test";

let jobs: HeraldJobs;

beforeAll(async () => {
  jobs = await startHeraldJobs();
});

afterAll(async () => {
  await jobs?.stop();
});

type Check = "ok" | "missing" | "invalid";

function dnsHealth(domain: string, check: Check): TDnsHealth {
  const status = check === "ok" ? "ok" : "failing";
  const base = { status: check, reason: check === "ok" ? "Found." : "Not in order.", record: null, fix: null };
  return {
    domain,
    managed: false,
    status,
    spf: { ...base, lookups: 1, includesSendingService: check === "ok", allQualifier: "-all" },
    dkim: { ...base, selector: "herald" },
    dmarc: { ...base, policy: check === "ok" ? "reject" : null, aligned: check === "ok" },
    mx: { ...base, status: "ok", hosts: [`mx.${domain}`] },
    checkedAt: "2026-03-02T08:00:00.000Z",
  };
}

async function sandboxMailbox(email: string, facts: { dns: Check; sent: number; bounced: number }) {
  const { actor } = await createTestWorkspace();
  const mailbox = await saveConnectedMailbox({ workspaceId: actor.workspaceId, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } });
  // Connecting checks the domain's DNS in the background: let it finish before the test's own health replaces it.
  await jobs.executor.drain();
  await db.mailbox.update({ where: { id: mailbox.id }, data: { dnsHealth: dnsHealth(email.split("@")[1]!, facts.dns), sentCount: facts.sent, bouncedCount: facts.bounced } });
  return { actor, mailbox };
}

describe("deliverability test of a sandbox mailbox", () => {
  it("lands where the placement rule puts a failing domain with bounces (spam at 95 %), with the verdicts its DNS earns", async () => {
    const { actor, mailbox } = await sandboxMailbox("rep@broken-dns.test", { dns: "invalid", sent: 100, bounced: 20 });
    const started = await startDeliverabilityTest(actor, mailbox.id);
    expect(started.deliverabilityTest).toMatchObject({ status: "running", seed: SANDBOX_SEED_ADDRESS });
    await jobs.executor.drain();

    const test = await db.deliverabilityTest.findFirstOrThrow({ where: { mailboxId: mailbox.id } });
    // The same rule the sandbox warmup network uses, on the facts the mailbox has.
    const expected = placeSandboxEmail({ dns: "failing", warmupDays: 0, bounceRate: 0.2 }, test.messageId);
    expect(test).toMatchObject({ status: "done", landing: expected, spf: "permerror", dkimResult: "fail", dkimSelector: "herald", dmarc: "none", sendingIp: SANDBOX_SENDING_IP, crossCheck: null });
    expect(test).toMatchObject({ blocklistIp: "clean", blocklistDomain: "clean" });
    const seedMail = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: test.messageId } });
    expect(seedMail).toMatchObject({ toAddress: SANDBOX_SEED_ADDRESS, folder: expected, nextAt: null, openAt: null, replyAt: null, bounceAt: null, complainAt: null });

    // The seed never answers, however long the network runs.
    jobs.clock.advance(3 * 24 * 60 * 60_000);
    await advanceSandboxMail();
    expect(await db.sandboxEmail.count({ where: { toAddress: mailbox.email, direction: "inbound" } })).toBe(0);

    const shown = await getMailbox(actor, mailbox.id);
    expect(shown.deliverabilityTest).toMatchObject({ status: "done", landing: expected, spf: "permerror", dkim: { result: "fail", selector: "herald" }, blocklists: { ip: "clean", domain: "clean" } });
  });

  it("passes SPF, DKIM and DMARC for a domain in order, and reports a `listed` domain and its sending server on the blocklists", async () => {
    const { actor, mailbox } = await sandboxMailbox("rep@listed-domain.test", { dns: "ok", sent: 0, bounced: 0 });
    await startDeliverabilityTest(actor, mailbox.id);
    await jobs.executor.drain();
    const test = await db.deliverabilityTest.findFirstOrThrow({ where: { mailboxId: mailbox.id } });
    expect(test).toMatchObject({
      status: "done",
      landing: placeSandboxEmail({ dns: "ok", warmupDays: 0, bounceRate: 0 }, test.messageId),
      spf: "pass",
      dkimResult: "pass",
      dmarc: "pass",
      // A `listed` sandbox domain sends through a server the sandbox's IP lists list too.
      sendingIp: LISTED_SENDING_IP,
      blocklistIp: "listed",
      blocklistDomain: "listed",
    });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).health).toBe("failing");
  });

  it("files the same e-mail of the same mailbox in the same place every time (keyed by its Message-ID)", async () => {
    const facts = { dns: "failing" as const, warmupDays: 0, bounceRate: 0.2 };
    const keys = Array.from({ length: 200 }, (_, index) => `<k${index}@broken-dns.test>`);
    const spam = keys.filter((key) => placeSandboxEmail(facts, key) === "spam").length;
    expect(keys.map((key) => placeSandboxEmail(facts, key))).toEqual(keys.map((key) => placeSandboxEmail(facts, key)));
    expect(spam).toBeGreaterThan(170);
  });
});
