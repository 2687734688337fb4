// The deliverability test end to end against real servers: the mailbox sends over SMTP to a loopback
// mail server that DKIM-signs (as the mailbox's provider) and authenticates with mailauth against a
// real DNS server (BIND, test zones), then delivers through Dovecot's LDA, whose Sieve rule files
// mail that failed SPF or DMARC into Junk. The seed is read back over IMAP; Herald's Inngest run is
// driven by the embedded executor with a manual clock (the 10-minute not-arrived path).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { now } from "@/server/lib/clock";
import { encryptMailCredentials, mailboxSettingsColumn } from "@/server/services/mail/mailboxes/mailbox-columns";
import { startTestDnsServer, type TestDnsServer } from "@/server/test/dns-server";
import { createTestWorkspace } from "@/server/test/factories";
import { startHeraldJobs, type HeraldJobs } from "@/server/test/herald-jobs";
import { startDovecot, type DovecotServer } from "@/server/test/mail-servers";
import { startSeedReceiver, testDkimKey, type SeedReceiver } from "@/server/test/seed-receiver";
import { startDeliverabilityTest } from "./start-deliverability-test";

const SIEVE = `require ["fileinto"];
if header :contains "Authentication-Results" ["spf=fail", "dmarc=fail"] {
  fileinto "Junk";
  stop;
}
`;
const SEED = { address: "seed@seed.test", password: "seed-secret" };
const LOST_SEED = { address: "lost@seed.test", password: "lost-secret" };
const PASSWORD = "rep-secret";

let dns: TestDnsServer;
let dovecot: DovecotServer;
let receiver: SeedReceiver;
let jobs: HeraldJobs;
const saved = { ...process.env };

function seedSetting(...seeds: Array<{ address: string; password: string }>): string {
  return JSON.stringify(seeds.map((seed) => ({ address: seed.address, label: "Test seed", imap: { host: "127.0.0.1", port: dovecot.imapPort, security: "none", password: seed.password } })));
}

function useSeeds(...seeds: Array<{ address: string; password: string }>): void {
  process.env.HERALD_SEED_INBOXES = seedSetting(...seeds);
  resetEnv();
}

beforeAll(async () => {
  const key = testDkimKey();
  dns = await startTestDnsServer({
    "good.test": [
      { name: "@", type: "TXT", value: "v=spf1 ip4:127.0.0.1 -all" },
      { name: "s1._domainkey", type: "TXT", value: key.dnsValue },
      { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=reject" },
      { name: "@", type: "MX", value: "mx.good.test" },
    ],
    // Nothing may send for it, and it signs nothing.
    "bad.test": [
      { name: "@", type: "TXT", value: "v=spf1 -all" },
      { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=reject" },
    ],
    "zen.test": [{ name: "2.0.0.127", type: "A", value: "127.0.0.2" }],
    "dbl.test": [{ name: "bad.test", type: "A", value: "127.0.1.2" }],
  });
  dovecot = await startDovecot({ sieve: SIEVE });
  for (const user of [SEED, LOST_SEED]) await dovecot.addUser(user.address, user.password);
  for (const rep of ["rep@good.test", "rep@bad.test", "blocked@good.test"]) await dovecot.addUser(rep, PASSWORD);
  receiver = await startSeedReceiver({
    dns,
    dovecot,
    dkim: { "good.test": { selector: "s1", privateKey: key.privateKey } },
    lose: (recipient) => recipient === LOST_SEED.address,
    refuseSender: (sender) => sender === "blocked@good.test",
  });
  Object.assign(process.env, { HERALD_DNS_SERVERS: dns.server, HERALD_DNSBL_ZONES: "zen.test", HERALD_DOMAIN_BLOCKLISTS: "dbl.test", HERALD_MAIL_IDLE_SECONDS: "0" });
  useSeeds(SEED);
  jobs = await startHeraldJobs();
}, 120_000);

afterEach(() => useSeeds(SEED));

afterAll(async () => {
  await jobs?.stop();
  await receiver?.close();
  await dovecot?.close();
  await dns?.close();
  process.env = saved;
  resetEnv();
});

async function smtpMailbox(email: string) {
  const { actor } = await createTestWorkspace();
  const server = (port: number) => ({ host: "127.0.0.1", port, security: "none" as const, username: email });
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: actor.workspaceId,
      label: "Rep",
      email,
      provider: "smtp",
      authType: "password",
      connectedVia: "api",
      settings: mailboxSettingsColumn({ smtp: server(receiver.port), imap: server(dovecot.imapPort) }),
      credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: PASSWORD, imapPassword: PASSWORD }),
      createdAt: now(),
      updatedAt: now(),
    },
  });
  return { actor, mailbox };
}

const latestTest = (mailboxId: string) => db.deliverabilityTest.findFirstOrThrow({ where: { mailboxId }, orderBy: { startedAt: "desc" } });

describe("deliverability test against Dovecot, BIND and mailauth", () => {
  it("lands in the inbox with SPF, DKIM and DMARC passing for a domain whose DNS is in order", async () => {
    const { actor, mailbox } = await smtpMailbox("rep@good.test");
    const started = await startDeliverabilityTest(actor, mailbox.id);
    expect(started.deliverabilityTest).toMatchObject({ status: "running", seed: SEED.address });
    await jobs.executor.drain();

    const test = await latestTest(mailbox.id);
    expect(test).toMatchObject({ status: "done", landing: "inbox", spf: "pass", dkimResult: "pass", dkimSelector: "s1", dmarc: "pass", sendingIp: "127.0.0.1", failure: null });
    expect(test.crossCheck).toEqual({ spf: "pass", dkim: "pass", dmarc: "pass", agrees: true });
    expect(test).toMatchObject({ blocklistIp: "clean", blocklistDomain: "clean" });
    expect(test.blocklistAnswers).toEqual([
      { zone: "zen.test", target: "ip", listed: false, answer: "not listed" },
      { zone: "dbl.test", target: "domain", listed: false, answer: "not listed" },
    ]);
    // The selector it signs with, learnt from its own signature, for the DNS checks.
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).dkimSelector).toBe("s1");
    // An ordinary e-mail: no tracking, no list headers.
    const raw = receiver.delivered.find((entry) => entry.raw.includes(test.messageId))!.raw;
    expect(raw).not.toMatch(/List-Unsubscribe|X-Herald/i);
  });

  it("lands in Junk with SPF and DMARC failing for a domain that authorizes no server, and reports the blocklists that list it", async () => {
    // The sending server (127.0.0.1) is listed on the IP list from now on.
    await dns.setZone("zen.test", [
      { name: "2.0.0.127", type: "A", value: "127.0.0.2" },
      { name: "1.0.0.127", type: "A", value: "127.0.0.4" },
    ]);
    const { actor, mailbox } = await smtpMailbox("rep@bad.test");
    await startDeliverabilityTest(actor, mailbox.id);
    await jobs.executor.drain();

    const test = await latestTest(mailbox.id);
    expect(test).toMatchObject({ status: "done", landing: "spam", spf: "fail", dkimResult: "none", dmarc: "fail" });
    expect(test.crossCheck).toMatchObject({ spf: "fail", dkim: "none", dmarc: "fail", agrees: true });
    expect(test).toMatchObject({ blocklistIp: "listed", blocklistDomain: "listed" });
    expect(test.blocklistAnswers).toEqual([
      { zone: "zen.test", target: "ip", listed: true, answer: "127.0.0.4" },
      { zone: "dbl.test", target: "domain", listed: true, answer: "127.0.1.2" },
    ]);
    const after = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(after.health).toBe("failing");
    await dns.setZone("zen.test", [{ name: "2.0.0.127", type: "A", value: "127.0.0.2" }]);
  });

  it("reports not arrived when the e-mail is not at the seed 10 minutes after sending (Herald's clock)", async () => {
    useSeeds(LOST_SEED);
    const { actor, mailbox } = await smtpMailbox("rep@good.test");
    await startDeliverabilityTest(actor, mailbox.id);
    await jobs.executor.drain();
    let test = await latestTest(mailbox.id);
    expect(test).toMatchObject({ status: "running", seedAddress: LOST_SEED.address, landing: null });
    expect(test.sentAt).not.toBeNull();

    jobs.clock.advance(5 * 60_000);
    await jobs.executor.drain();
    expect(await latestTest(mailbox.id)).toMatchObject({ status: "running", landing: null });

    jobs.clock.advance(5 * 60_000 + 1_000);
    await jobs.executor.drain();
    test = await latestTest(mailbox.id);
    expect(test).toMatchObject({ status: "done", landing: "not-arrived", spf: null, sendingIp: null, blocklistIp: "unknown", blocklistDomain: "clean" });
    expect(test.finishedAt!.getTime() - test.sentAt!.getTime()).toBeGreaterThanOrEqual(10 * 60_000);
  }, 120_000);

  it("fails with `seed` in plain words when the seed cannot be read for 10 minutes, the server's own error only in the log", async () => {
    useSeeds({ address: SEED.address, password: "not-the-password" });
    const { actor, mailbox } = await smtpMailbox("rep@good.test");
    await startDeliverabilityTest(actor, mailbox.id);
    await jobs.executor.drain();
    // Unreadable while there is time: still waiting, nothing shown yet.
    expect(await latestTest(mailbox.id)).toMatchObject({ status: "running", failure: null });

    jobs.clock.advance(10 * 60_000 + 1_000);
    await jobs.executor.drain();
    const test = await latestTest(mailbox.id);
    expect(test).toMatchObject({
      status: "failed",
      failure: "seed",
      failureMessage: "The test inbox could not be reached, so where the e-mail landed is not known: run the test again in a few minutes.",
    });
  }, 120_000);

  it("fails with `seed` in plain words when its seed was removed from the settings meanwhile", async () => {
    useSeeds(LOST_SEED);
    const { actor, mailbox } = await smtpMailbox("rep@good.test");
    await startDeliverabilityTest(actor, mailbox.id);
    await jobs.executor.drain();
    useSeeds(SEED);
    jobs.clock.advance(30_000);
    await jobs.executor.drain();
    const test = await latestTest(mailbox.id);
    expect(test).toMatchObject({ status: "failed", failure: "seed" });
    expect(test.failureMessage).toBe("The test inbox this test used has been removed from Herald's settings: run the test again.");
    expect(test.failureMessage).not.toMatch(/HERALD_|@/);
  }, 120_000);

  it("fails with `send` and the server's reason when the mailbox cannot send", async () => {
    const { actor, mailbox } = await smtpMailbox("blocked@good.test");
    await startDeliverabilityTest(actor, mailbox.id);
    await jobs.executor.drain();
    const test = await latestTest(mailbox.id);
    expect(test).toMatchObject({ status: "failed", failure: "send", landing: null });
    expect(test.failureMessage).toMatch(/^The test e-mail could not be sent: /);
    expect(test.failureMessage).not.toMatch(/mbx_|dlt_/);
    // It did contact the mail server: it counts towards the 10 a day.
    expect(test.sendingAt).not.toBeNull();
  });
});
