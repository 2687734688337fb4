// Tracking domains against the real PostgreSQL and a real DNS server (BIND on loopback): what may be
// added (a 400 naming the field otherwise), the CNAME check and its plain-words reasons, which host a
// mailbox's links use, and the process's cache of verified hosts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { resetEnv } from "../../../env";
import type { HeraldError } from "../../../lib/errors";
import { createTestWorkspace } from "../../../test/factories";
import type { Actor } from "../../../lib/actor";
import type { TTrackingDomain } from "../../../schemas/tracking-domain";
import type { TestDnsRecord } from "../../../test/dns-server";
import { createRealDnsWorkspace, useTestDnsServer } from "../../../test/use-test-dns-server";
import type { VerifyTrackingDomainOptions } from "./verify-tracking-domain";
import { checkTrackingDomain } from "./check-tracking-domain";
import { createTrackingDomain } from "./create-tracking-domain";
import { deleteTrackingDomain } from "./delete-tracking-domain";
import { getMailboxTracking } from "./get-mailbox-tracking";
import { listTrackingDomains } from "./list-tracking-domains";
import { mayIssueCertificate } from "./may-issue-certificate";
import { setMailboxTrackingDomain } from "./set-mailbox-tracking-domain";

const HERALD = "herald.example.com";
let previousUrl: string | undefined;

beforeAll(() => {
  previousUrl = process.env.HERALD_URL;
  process.env.HERALD_URL = `https://${HERALD}`;
  resetEnv();
});
afterAll(() => {
  if (previousUrl === undefined) delete process.env.HERALD_URL;
  else process.env.HERALD_URL = previousUrl;
  resetEnv();
});

const ZONE: TestDnsRecord[] = [
  { name: "@", type: "MX", value: "mx.mx-corp.test" },
  { name: "mx", type: "A", value: "192.0.2.10" },
  { name: "track", type: "CNAME", value: `${HERALD}.` },
  { name: "links", type: "CNAME", value: `${HERALD}.` },
  { name: "t3", type: "CNAME", value: `${HERALD}.` },
  { name: "t4", type: "CNAME", value: `${HERALD}.` },
  { name: "wrong", type: "CNAME", value: "elsewhere.example.net." },
];
const dns = useTestDnsServer({ "mx-corp.test": ZONE });

/** Publishes the tracking domain's TXT proof in the zone (as its owner would), then checks again. */
async function publishProof(actor: Actor, added: TTrackingDomain, options: VerifyTrackingDomainOptions = { probeHttps: httpsAnswering }): Promise<TTrackingDomain> {
  const proof = added.records.find((record) => record.type === "TXT")!;
  ZONE.push({ name: proof.host.replace(/\.mx-corp\.test$/, ""), type: "TXT", value: proof.value });
  await dns().setZone("mx-corp.test", ZONE);
  return checkTrackingDomain(actor, added.id, options);
}

/** The 400's field and message of a refused call. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; fields: unknown }> {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as HeraldError | null;
  expect(error).not.toBeNull();
  return { status: error!.status, fields: error!.details?.fields };
}

const httpsAnswering = async () => null;

describe("adding a tracking domain", () => {
  it("checks the CNAME and the TXT proof against the DNS at once, and verifies the host once both are published", async () => {
    const { actor, workspace } = await createRealDnsWorkspace();
    const slowHttps = { probeHttps: async (host: string) => `HTTPS is not answering yet on ${host}.` };
    const added = await createTrackingDomain(actor, { host: "Track.MX-corp.test." }, slowHttps);
    const token = added.records[1]!.value.replace("herald-tracking=", "");
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // The CNAME alone proves nothing about which workspace owns the host.
    expect(added).toMatchObject({
      host: "track.mx-corp.test",
      domain: "mx-corp.test",
      status: "failing",
      reason: `_herald-tracking.track.mx-corp.test has no TXT record yet. Add _herald-tracking.track.mx-corp.test TXT "herald-tracking=${token}" at your DNS host: it proves the host is this workspace's.`,
      record: { type: "CNAME", host: "track.mx-corp.test", value: HERALD },
      records: [
        { type: "CNAME", host: "track.mx-corp.test", value: HERALD },
        { type: "TXT", host: "_herald-tracking.track.mx-corp.test", value: `herald-tracking=${token}` },
      ],
    });
    expect(await mayIssueCertificate("track.mx-corp.test")).toBe(false);

    const verified = await publishProof(actor, added, slowHttps);
    expect(verified).toMatchObject({ status: "verified", reason: null, httpsWarning: "HTTPS is not answering yet on track.mx-corp.test.", mailboxCount: 1 });
    expect(verified.verifiedAt).not.toBeNull();
    expect(await listTrackingDomains(actor)).toEqual([verified]);
    expect(await mayIssueCertificate("track.mx-corp.test")).toBe(true);
    expect(await mayIssueCertificate(HERALD)).toBe(true);
    expect(await mayIssueCertificate("anything.mx-corp.test")).toBe(false);

    // New e-mails' links would lead to a host that does not answer over HTTPS: the mailbox says so loudly.
    const mailbox = await db.mailbox.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect((await getMailboxTracking(actor, mailbox.id)).warning).toBe(
      "Links in new e-mails point at https://track.mx-corp.test, which does not answer over HTTPS: opens, clicks and unsubscribing fail until it does. HTTPS is not answering yet on track.mx-corp.test.",
    );
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).health).toBe("warning");
  });

  it("says in plain words what is wrong with a CNAME that is missing or points elsewhere, and checks again on demand", async () => {
    const { actor } = await createRealDnsWorkspace();
    const wrong = await createTrackingDomain(actor, { host: "wrong.mx-corp.test" }, { probeHttps: httpsAnswering });
    expect(wrong).toMatchObject({ status: "failing", reason: "wrong.mx-corp.test points at elsewhere.example.net, not at Herald. Change the record to wrong.mx-corp.test CNAME herald.example.com." });
    await deleteTrackingDomain(actor, wrong.id);
    const missing = await createTrackingDomain(actor, { host: "nothing.mx-corp.test" }, { probeHttps: httpsAnswering });
    expect(missing.status).toBe("failing");
    expect(missing.reason).toContain("nothing.mx-corp.test has no CNAME record yet. Add nothing.mx-corp.test CNAME herald.example.com");
    const again = await checkTrackingDomain(actor, missing.id, { probeHttps: httpsAnswering });
    expect(again.status).toBe("failing");
    expect(new Date(again.checkedAt!).getTime()).toBeGreaterThanOrEqual(new Date(missing.checkedAt!).getTime());
  });

  it("refuses hosts of other domains, IP addresses, Herald's own host and another workspace's host with a 400 naming the field", async () => {
    const { actor, workspace } = await createRealDnsWorkspace();
    const at = new Date();
    await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Ops", email: `ops-${workspace.id}@example.com`, provider: "smtp", authType: "password", connectedVia: "api", createdAt: at, updatedAt: at } });

    const otherDomain = await refusal(createTrackingDomain(actor, { host: "track.evil.test" }));
    expect(otherDomain).toEqual({ status: 400, fields: [{ field: "host", message: expect.stringContaining("must be a subdomain of a domain this workspace's mailboxes send from") }] });
    expect(await refusal(createTrackingDomain(actor, { host: "127.0.0.1" }))).toEqual({ status: 400, fields: [{ field: "host", message: expect.stringContaining("not an IP address") }] });
    expect(await refusal(createTrackingDomain(actor, { host: HERALD }))).toEqual({ status: 400, fields: [{ field: "host", message: expect.stringContaining("is Herald's own address") }] });
    expect(await refusal(createTrackingDomain(actor, { host: "track.other.test", domain: "other.test" }))).toEqual({ status: 400, fields: [{ field: "domain", message: expect.stringContaining("No mailbox of this workspace sends from other.test") }] });

    const first = await publishProof(actor, await createTrackingDomain(actor, { host: "t3.mx-corp.test" }, { probeHttps: httpsAnswering }));
    expect(first.status).toBe("verified");
    expect(await refusal(createTrackingDomain(actor, { host: "links.mx-corp.test" }))).toEqual({ status: 400, fields: [{ field: "domain", message: expect.stringContaining("mx-corp.test already has a tracking domain (t3.mx-corp.test)") }] });

    const other = await createRealDnsWorkspace();
    expect(await refusal(createTrackingDomain(other.actor, { host: "T3.mx-corp.test" }))).toEqual({ status: 400, fields: [{ field: "host", message: "t3.mx-corp.test is already used by another workspace; choose another host." }] });
  });

  it("is for admins and owners", async () => {
    const { actor } = await createRealDnsWorkspace({ role: "member" });
    expect((await refusal(createTrackingDomain(actor, { host: "track.mx-corp.test" }))).status).toBe(403);
  });
});

describe("which host a mailbox's links use", () => {
  it("Herald's until its domain's tracking domain is verified, then that one, then the mailbox's own pick; removal goes back", async () => {
    const { actor, workspace } = await createRealDnsWorkspace();
    const mailbox = await db.mailbox.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(await getMailboxTracking(actor, mailbox.id)).toEqual({
      host: HERALD,
      source: "herald",
      trackingDomainId: null,
      warning: `This mailbox's tracking links point at ${HERALD}, which is not on mx-corp.test: spam filters trust links on the sender's own domain more. Add a tracking domain such as track.mx-corp.test.`,
    });

    const track = await publishProof(actor, await createTrackingDomain(actor, { host: "t4.mx-corp.test" }, { probeHttps: httpsAnswering }));
    expect(await getMailboxTracking(actor, mailbox.id)).toEqual({ host: "t4.mx-corp.test", source: "domain", trackingDomainId: null, warning: null });

    // Another workspace's tracking domain cannot be picked.
    const stranger = await createTestWorkspace();
    expect((await refusal(setMailboxTrackingDomain(stranger.actor, mailbox.id, { trackingDomainId: track.id }))).status).toBe(404);
    expect(await refusal(setMailboxTrackingDomain(actor, mailbox.id, { trackingDomainId: "trk_nope" }))).toMatchObject({ status: 400, fields: [{ field: "trackingDomainId" }] });

    expect(await setMailboxTrackingDomain(actor, mailbox.id, { trackingDomainId: track.id })).toMatchObject({ host: "t4.mx-corp.test", source: "mailbox", trackingDomainId: track.id });
    await deleteTrackingDomain(actor, track.id);
    expect(await getMailboxTracking(actor, mailbox.id)).toMatchObject({ host: HERALD, source: "herald", trackingDomainId: null });
    expect(await mayIssueCertificate("t4.mx-corp.test")).toBe(false);
  });
});

describe("a sandbox workspace", () => {
  it("verifies a tracking domain from the sandbox's zones, offline, without an HTTPS check", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const at = new Date();
    await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Ada", email: "ada@acme-demo.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at } });
    const added = await createTrackingDomain(actor, { host: "track.acme-demo.test" }, { probeHttps: async () => "must not be called" });
    expect(added).toMatchObject({ status: "verified", httpsWarning: null, record: { value: HERALD } });
  });
});
