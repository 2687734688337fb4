// The DNS checks stored on the mailbox: dnsHealth and dnsCheckedAt written, the overall health
// recomputed with them, a later check replacing them (a zone changed on the real BIND server), the
// sandbox's zones for sandbox mailboxes, and the check that runs on its own right after a connect.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { resetEnv } from "../../../env";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { startTestDnsServer, type TestDnsRecord, type TestDnsServer } from "../../../test/dns-server";
import { createTestWorkspace } from "../../../test/factories";
import { startHeraldJobs } from "../../../test/herald-jobs";
import { saveConnectedMailbox } from "../mailboxes/save-connected-mailbox";
import { toMailbox } from "../mailboxes/to-mailbox";
import { checkMailboxDns, RECHECK_DNS_AFTER_MS } from "../mailboxes/check-mailbox-dns";
import { refreshDnsHealth } from "./check-dns-health";

const KEY = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "der", type: "spki" }).toString("base64");
const ZONE = "acme-mail.test";
const records = (dmarc: string | null): TestDnsRecord[] => [
  { name: "@", type: "TXT", value: "v=spf1 ip4:192.0.2.44 -all" },
  { name: "s1._domainkey", type: "TXT", value: `v=DKIM1; k=rsa; p=${KEY}` },
  ...(dmarc ? [{ name: "_dmarc", type: "TXT" as const, value: dmarc }] : []),
  { name: "@", type: "MX", value: `mx.${ZONE}` },
  { name: "mx", type: "A", value: "192.0.2.10" },
  { name: "out", type: "A", value: "192.0.2.44" },
];

let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ [ZONE]: records("v=DMARC1; p=none") });
  process.env.HERALD_DNS_SERVERS = dns.server;
  resetEnv();
});
afterAll(async () => {
  delete process.env.HERALD_DNS_SERVERS;
  resetEnv();
  await dns?.close();
});
afterEach(() => setClock(systemClock));

/** A clock at the real time that the test moves past the on-demand check's reuse window. */
function manualClock(): ManualClock {
  const clock = new ManualClock(Date.now());
  setClock(clock);
  return clock;
}

function smtpMailbox(workspaceId: string, email: string) {
  const server = { host: `out.${ZONE}`, port: 465, security: "tls" as const, username: email };
  return saveConnectedMailbox({
    workspaceId,
    email,
    provider: "smtp",
    authType: "password",
    connectedVia: "dashboard",
    settings: { smtp: server, imap: { ...server, port: 993 } },
    credentials: { kind: "password", smtpPassword: "secret", imapPassword: "secret" },
  });
}

function sandboxMailbox(workspaceId: string, email: string) {
  return saveConnectedMailbox({ workspaceId, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } });
}

describe("refreshDnsHealth", () => {
  it("stores a real domain's health from the DNS servers setting and recomputes the mailbox's health; a later check replaces it", async () => {
    const clock = manualClock();
    const { workspace, actor } = await createTestWorkspace();
    const mailbox = await smtpMailbox(workspace.id, `ada@${ZONE}`);
    await db.mailbox.update({ where: { id: mailbox.id }, data: { dkimSelector: "s1" } });
    expect(mailbox.health).toBe("unchecked");

    const health = await refreshDnsHealth(mailbox.id);
    expect(health).toMatchObject({
      domain: ZONE,
      managed: false,
      status: "warning",
      spf: { status: "ok", includesSendingService: true },
      dkim: { status: "ok", selector: "s1" },
      dmarc: { status: "warning", policy: "none" },
      mx: { status: "ok", hosts: [`mx.${ZONE}`] },
    });
    const stored = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(stored.dnsCheckedAt?.toISOString()).toBe(health!.checkedAt);
    expect(stored.health).toBe("warning");
    expect((await toMailbox(stored)).dnsHealth).toEqual(health);

    await dns.setZone(ZONE, records(null));
    clock.advance(RECHECK_DNS_AFTER_MS);
    const resource = await checkMailboxDns(actor, mailbox.id);
    expect(resource.dnsHealth).toMatchObject({ status: "failing", dmarc: { status: "missing", fix: { host: `_dmarc.${ZONE}` } } });
    expect(resource.health).toBe("failing");
    await dns.setZone(ZONE, records("v=DMARC1; p=none"));
  });

  it("checks a sandbox mailbox against the sandbox's zones", async () => {
    const { workspace } = await createTestWorkspace();
    const mailbox = await sandboxMailbox(workspace.id, "ada@nodkim-acme.test");
    const health = await refreshDnsHealth(mailbox.id);
    expect(health).toMatchObject({ status: "failing", spf: { status: "ok" }, dkim: { status: "missing", selector: "herald" } });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).health).toBe("failing");
  });

  it("shares a fresh check between mailboxes on one domain when asked to (the daily sweep), never on demand", async () => {
    const clock = manualClock();
    const { workspace, actor } = await createTestWorkspace();
    const first = await sandboxMailbox(workspace.id, "ada@nomx-shared.test");
    const second = await sandboxMailbox(workspace.id, "bob@nomx-shared.test");
    const checked = await refreshDnsHealth(first.id);
    // The twin's stored result is taken as is: a changed one shows that no lookup was made.
    await db.mailbox.update({ where: { id: first.id }, data: { dnsHealth: { ...checked!, status: "ok" } } });
    expect(await refreshDnsHealth(second.id, { shareWithinMs: 60_000 })).toMatchObject({ status: "ok", checkedAt: checked!.checkedAt });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: second.id } })).dnsCheckedAt?.toISOString()).toBe(checked!.checkedAt);
    // On demand, a twin's check is never taken (the mailbox's own is, within a minute: see below).
    clock.advance(RECHECK_DNS_AFTER_MS);
    expect((await checkMailboxDns(actor, second.id)).dnsHealth).toMatchObject({ status: "failing", mx: { status: "missing" } });
    // A mailbox signing with another selector is checked its own way.
    await db.mailbox.update({ where: { id: second.id }, data: { dkimSelector: "other" } });
    expect(await refreshDnsHealth(second.id, { shareWithinMs: 60_000 })).toMatchObject({ dkim: { status: "missing", selector: "other" } });
  });

  it("answers repeated on-demand checks within a minute with the last one, and asks the DNS again after it", async () => {
    const clock = manualClock();
    const { workspace, actor } = await createTestWorkspace();
    const mailbox = await smtpMailbox(workspace.id, `bob@${ZONE}`);
    await db.mailbox.update({ where: { id: mailbox.id }, data: { dkimSelector: "s1" } });
    const first = await checkMailboxDns(actor, mailbox.id);
    expect(first.dnsHealth).toMatchObject({ status: "warning", dmarc: { status: "warning" } });

    // The zone changes, but clicks within the minute are answered from the stored check: no lookup.
    await dns.setZone(ZONE, records(null));
    try {
      for (const seconds of [1, 30, 59]) {
        clock.set(new Date(first.dnsHealth!.checkedAt).getTime() + seconds * 1000);
        expect((await checkMailboxDns(actor, mailbox.id)).dnsHealth).toEqual(first.dnsHealth);
      }
      // A minute after the check, "Check again" asks the DNS again and sees the change.
      clock.set(new Date(first.dnsHealth!.checkedAt).getTime() + RECHECK_DNS_AFTER_MS);
      const again = await checkMailboxDns(actor, mailbox.id);
      expect(again.dnsHealth).toMatchObject({ status: "failing", dmarc: { status: "missing" }, checkedAt: clock.now().toISOString() });
    } finally {
      await dns.setZone(ZONE, records("v=DMARC1; p=none"));
    }
  });

  it("returns null for a mailbox that no longer exists, and checkMailboxDns answers 404 for another workspace's", async () => {
    expect(await refreshDnsHealth("mbx_gone")).toBeNull();
    const { workspace } = await createTestWorkspace();
    const mailbox = await sandboxMailbox(workspace.id, "ada@acme.test");
    const other = await createTestWorkspace();
    await expect(checkMailboxDns(other.actor, mailbox.id)).rejects.toMatchObject({ code: "not-found" });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).dnsCheckedAt).toBeNull();
  });
});

describe("the check after a connect", () => {
  it("runs as a background job once the mailbox is saved", async () => {
    const jobs = await startHeraldJobs();
    try {
      const { workspace } = await createTestWorkspace();
      const mailbox = await sandboxMailbox(workspace.id, "ada@softfail-acme.test");
      expect(mailbox.dnsCheckedAt).toBeNull();
      // The event leaves without the connect waiting for it.
      for (let attempt = 0; attempt < 50 && !(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).dnsCheckedAt; attempt++) {
        await jobs.executor.drain();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const stored = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
      expect(stored.dnsCheckedAt).not.toBeNull();
      expect(stored.health).toBe("warning");
      expect(stored.dnsHealth).toMatchObject({ status: "warning", spf: { status: "warning", allQualifier: "~all" } });
    } finally {
      await jobs.stop();
    }
  });
});
