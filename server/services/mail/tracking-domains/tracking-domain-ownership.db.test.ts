// Who owns a tracking host, against the real PostgreSQL and a real DNS server (BIND on loopback): a
// sandbox workspace cannot get a real name verified, a row that never proved ownership does not block
// the real owner, a host once verified keeps answering the links already sent on it, and two requests
// racing for one sending domain get a 400 naming the domain.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { resetEnv } from "../../../env";
import type { Actor } from "../../../lib/actor";
import type { HeraldError } from "../../../lib/errors";
import type { TTrackingDomain } from "../../../schemas/tracking-domain";
import type { TestDnsRecord } from "../../../test/dns-server";
import { createTestWorkspace } from "../../../test/factories";
import { createRealDnsWorkspace, useTestDnsServer } from "../../../test/use-test-dns-server";
import { checkTrackingDomain } from "./check-tracking-domain";
import { createTrackingDomain } from "./create-tracking-domain";
import { deleteTrackingDomain } from "./delete-tracking-domain";
import { getMailboxTracking } from "./get-mailbox-tracking";
import { listTrackingDomains } from "./list-tracking-domains";
import { mayIssueCertificate } from "./may-issue-certificate";
import { trackingHostState } from "./verified-tracking-hosts";

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
  { name: "claimed", type: "CNAME", value: `${HERALD}.` },
  { name: "kept", type: "CNAME", value: `${HERALD}.` },
  { name: "proved", type: "CNAME", value: `${HERALD}.` },
];
const dns = useTestDnsServer({ "mx-corp.test": ZONE });
const options = { probeHttps: async () => null };

async function publish(records: TestDnsRecord[]): Promise<void> {
  ZONE.push(...records);
  await dns().setZone("mx-corp.test", ZONE);
}

/** Publishes the tracking domain's TXT proof, as its owner would, and checks again. */
async function publishProof(actor: Actor, added: TTrackingDomain): Promise<TTrackingDomain> {
  const proof = added.records.find((record) => record.type === "TXT")!;
  await publish([{ name: proof.host.replace(/\.mx-corp\.test$/, ""), type: "TXT", value: proof.value }]);
  return checkTrackingDomain(actor, added.id, options);
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; fields: unknown }> {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as HeraldError | null;
  expect(error).not.toBeNull();
  return { status: error!.status, fields: error!.details?.fields };
}

describe("a sandbox workspace", () => {
  it("cannot get a real name verified, whatever domain its sandbox mailboxes use", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const at = new Date();
    await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Ada", email: "ada@google.com", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at } });
    const added = await createTrackingDomain(actor, { host: "track.google.com" }, { probeHttps: async () => "must not be called" });
    expect(added).toMatchObject({ status: "failing", verifiedAt: null, reason: "The sandbox can only check names under .example or .test; connect a real mailbox to use a real domain." });
    expect(await mayIssueCertificate("track.google.com")).toBe(false);
    expect(await trackingHostState("track.google.com")).toBe("holds");
  });

  it("still verifies the demo's names offline, the TXT proof included", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const at = new Date();
    await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Ada", email: "ada@northwind-nodmarc.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at } });
    expect(await createTrackingDomain(actor, { host: "track.northwind-nodmarc.test" }, options)).toMatchObject({ status: "verified", reason: null });
  });
});

describe("ownership", () => {
  it("lets the real owner take a host over from a workspace that never verified it, and refuses one another workspace verified", async () => {
    const squatter = await createRealDnsWorkspace();
    const held = await createTrackingDomain(squatter.actor, { host: "claimed.mx-corp.test" }, options);
    expect(held.status).toBe("failing");

    const owner = await createRealDnsWorkspace();
    const taken = await createTrackingDomain(owner.actor, { host: "claimed.mx-corp.test" }, options);
    expect(taken.id).not.toBe(held.id);
    expect(await listTrackingDomains(squatter.actor)).toEqual([]);
    // The squatter cannot pass the other's proof off as its own: its token differs.
    expect((await publishProof(owner.actor, taken)).status).toBe("verified");

    expect(await refusal(createTrackingDomain(squatter.actor, { host: "claimed.mx-corp.test" }))).toEqual({
      status: 400,
      fields: [{ field: "host", message: "claimed.mx-corp.test is already used by another workspace; choose another host." }],
    });
  });

  it("cannot take a host over once its owner published the records, nor remove the owner's row by a refused request; re-adding keeps the owner's proof", async () => {
    const owner = await createRealDnsWorkspace();
    const added = await createTrackingDomain(owner.actor, { host: "proved.mx-corp.test" }, options);
    expect(added.status).toBe("failing");
    // The owner publishes its proof; its next check has not run yet (the row is not verified).
    const proof = added.records.find((record) => record.type === "TXT")!;
    await publish([{ name: "_herald-tracking.proved", type: "TXT", value: proof.value }]);

    const squatter = await createRealDnsWorkspace();
    // A refused request (the squatter's domain has a tracking domain already) removes nothing.
    await createTrackingDomain(squatter.actor, { host: "other.mx-corp.test" }, options);
    expect((await refusal(createTrackingDomain(squatter.actor, { host: "proved.mx-corp.test" }, options))).fields).toEqual([expect.objectContaining({ field: "domain" })]);
    await deleteTrackingDomain(squatter.actor, (await listTrackingDomains(squatter.actor))[0]!.id);
    // Taking it over is refused: the records out there are the owner's.
    expect(await refusal(createTrackingDomain(squatter.actor, { host: "proved.mx-corp.test" }, options))).toEqual({
      status: 400,
      fields: [{ field: "host", message: "proved.mx-corp.test is already used by another workspace; choose another host." }],
    });
    expect((await listTrackingDomains(owner.actor)).map((domain) => domain.id)).toEqual([added.id]);

    // Removed and added again by its owner: the same proof value, so the published record still counts.
    await deleteTrackingDomain(owner.actor, added.id);
    const again = await createTrackingDomain(owner.actor, { host: "proved.mx-corp.test" }, options);
    expect(again.records.find((record) => record.type === "TXT")!.value).toBe(proof.value);
    expect(again.status).toBe("verified");
  });

  it("does not verify a host whose TXT record holds another tracking domain's value", async () => {
    const { actor } = await createRealDnsWorkspace();
    await publish([
      { name: "other", type: "CNAME", value: `${HERALD}.` },
      { name: "_herald-tracking.other", type: "TXT", value: "herald-tracking=0123456789abcdef0123456789abcdef" },
    ]);
    const added = await createTrackingDomain(actor, { host: "other.mx-corp.test" }, options);
    expect(added).toMatchObject({ status: "failing", reason: expect.stringContaining("_herald-tracking.other.mx-corp.test does not hold this workspace's value") });
  });

  it("answers two requests racing for one sending domain with a 400 naming the domain", async () => {
    const { actor } = await createRealDnsWorkspace();
    const results = await Promise.allSettled([createTrackingDomain(actor, { host: "race1.mx-corp.test" }, options), createTrackingDomain(actor, { host: "race2.mx-corp.test" }, options)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected")!;
    expect((rejected.reason as HeraldError).status).toBe(400);
    expect((rejected.reason as HeraldError).details?.fields).toEqual([{ field: "domain", message: expect.stringContaining("mx-corp.test already has a tracking domain") }]);
  });
});

describe("a host once verified", () => {
  it("keeps answering links already sent when a later check fails, while new e-mails go back to Herald's address; removal ends it", async () => {
    const { actor, workspace } = await createRealDnsWorkspace();
    const kept = await publishProof(actor, await createTrackingDomain(actor, { host: "kept.mx-corp.test" }, options));
    expect(kept.status).toBe("verified");

    // The record disappears (a DNS host's mistake, a changed target).
    ZONE.splice(ZONE.findIndex((record) => record.name === "kept"), 1);
    await dns().setZone("mx-corp.test", ZONE);
    expect((await checkTrackingDomain(actor, kept.id, options)).status).toBe("failing");
    expect(await trackingHostState("kept.mx-corp.test")).toBe("serves");
    expect(await mayIssueCertificate("kept.mx-corp.test")).toBe(true);
    const mailbox = await db.mailbox.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(await getMailboxTracking(actor, mailbox.id)).toMatchObject({ host: HERALD, source: "herald" });

    await deleteTrackingDomain(actor, kept.id);
    expect(await trackingHostState("kept.mx-corp.test")).toBeNull();
    expect(await mayIssueCertificate("kept.mx-corp.test")).toBe(false);
  });
});
