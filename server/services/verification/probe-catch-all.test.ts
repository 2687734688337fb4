// The catch-all probe through verifyAddresses, against real components: BIND on loopback answers the
// domains' MX records (pointing at loopback addresses), in-process smtp-server instances play their
// mail servers (one accepting every recipient, one refusing unknown ones with 550), a server that
// never greets, and an address nobody listens on. The real database holds the workspace's setting.
import { createServer, type Server } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { createTestWorkspace } from "../../test/factories";
import { freePort } from "../../test/mail-servers";
import { createRealDnsWorkspace, useTestDnsServer } from "../../test/use-test-dns-server";
import { MailDomainCache } from "./look-up-mail-domain";
import { CatchAllProber } from "./probe-catch-all";
import { verifyAddresses } from "./verify-addresses";

const ACCEPTING = "127.0.0.2";
const REFUSING = "127.0.0.3";
const SILENT = "127.0.0.4";
const CLOSED = "127.0.0.5";

const mailZone = (address: string) => [
  { name: "@", type: "MX" as const, value: "mx.mail-hosts.test", priority: 10 },
  { name: "mx", type: "A" as const, value: address },
];

useTestDnsServer({
  "mail-hosts.test": [
    { name: "accepting", type: "A", value: ACCEPTING },
    { name: "refusing", type: "A", value: REFUSING },
    { name: "silent", type: "A", value: SILENT },
    { name: "closed", type: "A", value: CLOSED },
  ],
  "catchall-corp.test": [{ name: "@", type: "MX", value: "accepting.mail-hosts.test", priority: 10 }],
  "second-catchall.test": [{ name: "@", type: "MX", value: "accepting.mail-hosts.test", priority: 10 }],
  "third-catchall.test": [{ name: "@", type: "MX", value: "accepting.mail-hosts.test", priority: 10 }],
  "strict-corp.test": [
    // The best MX (lowest preference) is the one asked.
    { name: "@", type: "MX", value: "closed.mail-hosts.test", priority: 20 },
    { name: "@", type: "MX", value: "refusing.mail-hosts.test", priority: 5 },
  ],
  "silent-corp.test": [{ name: "@", type: "MX", value: "silent.mail-hosts.test", priority: 10 }],
  "closed-corp.test": [{ name: "@", type: "MX", value: "closed.mail-hosts.test", priority: 10 }],
  "a-only-corp.test": [{ name: "@", type: "A", value: ACCEPTING }],
  "own-mx.test": mailZone(ACCEPTING),
});

interface Seen {
  connections: number;
  active: number;
  mostAtOnce: number;
  senders: string[];
  recipients: string[];
}

async function startMailServer(host: string, port: number, accepts: (recipient: string) => boolean): Promise<{ seen: Seen; close: () => Promise<void> }> {
  const seen: Seen = { connections: 0, active: 0, mostAtOnce: 0, senders: [], recipients: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      seen.connections++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.active);
      callback();
    },
    onClose() {
      seen.active--;
    },
    onMailFrom(address, _session, callback) {
      seen.senders.push(address.address);
      callback();
    },
    onRcptTo(address, _session, callback) {
      seen.recipients.push(address.address);
      // A little time per answer, so probes that overlapped would show.
      setTimeout(() => (accepts(address.address) ? callback() : callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }))), 50);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return { seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let port: number;
let accepting: Awaited<ReturnType<typeof startMailServer>>;
let refusing: Awaited<ReturnType<typeof startMailServer>>;
let silent: Server;
let silentConnections = 0;

beforeAll(async () => {
  port = await freePort();
  accepting = await startMailServer(ACCEPTING, port, () => true);
  refusing = await startMailServer(REFUSING, port, (recipient) => recipient.startsWith("ada@"));
  silent = createServer(() => silentConnections++);
  await new Promise<void>((resolve) => silent.listen(port, SILENT, () => resolve()));
  process.env.HERALD_VERIFICATION_PROBE_FROM = "verify@herald.example";
  resetEnv();
});

afterAll(async () => {
  delete process.env.HERALD_VERIFICATION_PROBE_FROM;
  resetEnv();
  await Promise.all([accepting.close(), refusing.close(), new Promise<void>((resolve) => silent.close(() => resolve()))]);
});

afterEach(() => {
  setClock(systemClock);
  delete process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS;
  resetEnv();
});

async function workspaceWithProbe(on: boolean) {
  const { workspace } = await createRealDnsWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { catchAllProbe: on } });
  return workspace.id;
}

function verify(workspaceId: string, addresses: string[], prober: CatchAllProber, cache = new MailDomainCache()) {
  return verifyAddresses({ workspaceId, addresses, targetsCompanies: true, cache, prober });
}

const connectionsNow = () => accepting.seen.connections + refusing.seen.connections + silentConnections;

describe("the catch-all probe", () => {
  it("makes no connection at all while the workspace's setting is off (the default)", async () => {
    const { workspace } = await createRealDnsWorkspace();
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).catchAllProbe).toBe(false);
    const before = connectionsNow();

    const results = await verify(workspace.id, ["ada@catchall-corp.test", "ada@strict-corp.test"], new CatchAllProber({ port }));

    expect(results.map((result) => result.status)).toEqual(["valid", "valid"]);
    expect(connectionsNow()).toBe(before);
  });

  it("finds a domain whose mail server accepts a made-up address catch-all, and one that refuses it not", async () => {
    const workspaceId = await workspaceWithProbe(true);
    const acceptedBefore = accepting.seen.recipients.length;
    const refusedBefore = refusing.seen.recipients.length;

    const results = await verify(workspaceId, ["ada@catchall-corp.test", "grace@catchall-corp.test", "ada@strict-corp.test"], new CatchAllProber({ port }));

    expect(results.map(({ status, check, reason }) => ({ status, check, reason }))).toEqual([
      { status: "risky", check: "catch-all", reason: "catchall-corp.test accepts mail for any address, so this one cannot be confirmed" },
      { status: "risky", check: "catch-all", reason: "catchall-corp.test accepts mail for any address, so this one cannot be confirmed" },
      { status: "valid", check: "deliverable-domain", reason: "the address is well formed and strict-corp.test has mail servers (MX)" },
    ]);
    // Once per domain, for a made-up address, never the lead's own; from the installation's probe address.
    const asked = accepting.seen.recipients.slice(acceptedBefore);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^herald-verify-[0-9a-f]{16}@catchall-corp\.test$/);
    expect(refusing.seen.recipients.slice(refusedBefore)).toEqual([expect.stringMatching(/^herald-verify-[0-9a-f]{16}@strict-corp\.test$/)]);
    expect(accepting.seen.senders.at(-1)).toBe("verify@herald.example");
  });

  it("keeps the answer with the domain's facts: a second batch asks no server", async () => {
    const workspaceId = await workspaceWithProbe(true);
    const cache = new MailDomainCache();
    const prober = new CatchAllProber({ port });
    await verify(workspaceId, ["ada@catchall-corp.test"], prober, cache);
    const before = connectionsNow();

    const [again] = await verify(workspaceId, ["alan@catchall-corp.test"], prober, cache);

    expect(again!.check).toBe("catch-all");
    expect(connectionsNow()).toBe(before);
  });

  it("never probes for an address that is decided otherwise: role, throwaway, webmail, no MX, bad syntax", async () => {
    const workspaceId = await workspaceWithProbe(true);
    const before = connectionsNow();

    const results = await verify(workspaceId, ["info@catchall-corp.test", "temp@mailinator.com", "ada@a-only-corp.test", "not an address"], new CatchAllProber({ port }));

    expect(results.map((result) => result.check)).toEqual(["role", "disposable", "deliverable-domain", "bad-syntax"]);
    expect(connectionsNow()).toBe(before);
  });

  it("makes no claim when the server never answers in time or nobody listens", async () => {
    const workspaceId = await workspaceWithProbe(true);
    const silentBefore = silentConnections;

    const results = await verify(workspaceId, ["ada@silent-corp.test", "ada@closed-corp.test"], new CatchAllProber({ port, timeoutMs: 400 }));

    expect(results.map((result) => result.check)).toEqual(["deliverable-domain", "deliverable-domain"]);
    expect(silentConnections).toBe(silentBefore + 1);
  });

  it("refuses a mail server at a private address unless the installation allows private mail hosts", async () => {
    process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = "0";
    resetEnv();
    const workspaceId = await workspaceWithProbe(true);
    const before = connectionsNow();

    const [result] = await verify(workspaceId, ["ada@catchall-corp.test"], new CatchAllProber({ port }));

    expect(result!.check).toBe("deliverable-domain");
    expect(connectionsNow()).toBe(before);
  });

  it("probes at most the minute's allowance and one at a time per mail server; a domain past the limit waits for the next minute", async () => {
    const clock = new ManualClock(Date.now());
    setClock(clock);
    const workspaceId = await workspaceWithProbe(true);
    const prober = new CatchAllProber({ port, perMinute: 2 });
    const cache = new MailDomainCache(24 * 60 * 60 * 1000);
    const before = accepting.seen.connections;
    accepting.seen.mostAtOnce = 0;

    const first = await verify(workspaceId, ["ada@catchall-corp.test", "ada@second-catchall.test", "ada@third-catchall.test"], prober, cache);

    expect(first.map((result) => result.check).sort()).toEqual(["catch-all", "catch-all", "deliverable-domain"]);
    expect(accepting.seen.connections - before).toBe(2);
    expect(accepting.seen.mostAtOnce).toBe(1);

    const third = first.find((result) => result.check === "deliverable-domain")!.address;
    expect((await verify(workspaceId, [third], prober, cache))[0]!.check).toBe("deliverable-domain");
    expect(accepting.seen.connections - before).toBe(2);

    clock.advance(60_000);
    expect((await verify(workspaceId, [third], prober, cache))[0]!.check).toBe("catch-all");
    expect(accepting.seen.connections - before).toBe(3);
  });

  it("never probes from the sandbox: a sandbox domain with the word catchall is catch-all, with the setting on", async () => {
    const { workspace } = await createTestWorkspace();
    const addresses = ["ada@catchall-shop.test", "ada@plain-shop.test"];
    const before = connectionsNow();

    const off = await verifyAddresses({ workspaceId: workspace.id, addresses, targetsCompanies: true, prober: new CatchAllProber({ port }) });
    await db.workspace.update({ where: { id: workspace.id }, data: { catchAllProbe: true } });
    const on = await verifyAddresses({ workspaceId: workspace.id, addresses, targetsCompanies: true, prober: new CatchAllProber({ port }) });

    expect(off.map((result) => result.check)).toEqual(["deliverable-domain", "deliverable-domain"]);
    expect(on.map((result) => result.check)).toEqual(["catch-all", "deliverable-domain"]);
    expect(connectionsNow()).toBe(before);
  });
});
