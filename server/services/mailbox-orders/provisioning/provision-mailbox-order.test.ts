// The provisioning pipeline end to end: Herald's real provision-mailbox-order function served by the
// real route and driven by the embedded executor on a manual clock, on the real database, with small
// fakes of the registrar and the mail platform (timings on Herald's clock, faults per test).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../../db/client";
import { presetStrategy } from "../../../domain/mail/warmup-ramp";
import { ManualClock, now } from "../../../lib/clock";
import { setMailPlatform } from "../../../providers/mail-platform";
import { setRegistrar } from "../../../providers/registrar";
import { fakeMailPlatform, fakeRegistrar } from "../../../test/fakes/fake-order-providers";
import { createTestWorkspace } from "../../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../../test/herald-jobs";
import { seedMailboxOrder, testDomainName } from "../../../test/mailbox-order-seed";
import { refundMailboxOrder } from "../refund-mailbox-order";
import { resumeMailboxOrder } from "../resume-mailbox-order";
import { startOrderProvisioning } from "../start-order-provisioning";

vi.mock("@/server/services/mailbox-orders/refund-mailbox-order", () => ({ refundMailboxOrder: vi.fn(async () => undefined) }));

let jobs: HeraldJobs;
beforeAll(async () => {
  jobs = await startHeraldJobs(new ManualClock("2026-03-02T09:00:00Z"));
});
afterAll(async () => {
  await jobs.stop();
});
afterEach(() => {
  setRegistrar(undefined);
  setMailPlatform(undefined);
  vi.mocked(refundMailboxOrder).mockClear();
});

const orderOf = (id: string) => db.mailboxOrder.findUniqueOrThrow({ where: { id }, include: { domains: { orderBy: { position: "asc" }, include: { mailboxes: { orderBy: { position: "asc" } } } } } });

/** Drains the executor, then moves the clock by `stepMs`, until `done` holds (or `maxMs` passed). */
async function runUntil(done: () => Promise<boolean>, stepMs = 15_000, maxMs = 4 * 3_600_000): Promise<void> {
  for (let waited = 0; waited <= maxMs; waited += stepMs) {
    await jobs.executor.drain();
    if (await done()) return;
    jobs.clock.advance(stepMs);
  }
  throw new Error("The pipeline did not get there in time");
}

const statusIs = (id: string, ...statuses: string[]) => async () => statuses.includes((await db.mailboxOrder.findUniqueOrThrow({ where: { id } })).status);

describe("provision-mailbox-order on the embedded executor", () => {
  it("takes two domains with four mailboxes to completed: a lost registration answer reconciled with one registration, DNS published, managed mailboxes warming", async () => {
    const { workspace } = await createTestWorkspace();
    const [first, second] = [testDomainName("acme"), testDomainName("beta")];
    const registrar = fakeRegistrar({ loseFirstAnswer: [first] });
    const platform = fakeMailPlatform();
    setRegistrar(registrar.registrar);
    setMailPlatform(platform.platform);
    const seeded = await seedMailboxOrder(workspace.id, [
      { name: first, mailboxes: [{ localPart: "jane", firstName: "Jane", lastName: "Doe" }, { localPart: "john" }] },
      { name: second, platform: "microsoft", redirectUrl: "https://beta.example", mailboxes: [{ localPart: "ann" }, { localPart: "bob" }] },
    ]);
    const strategy = { ...presetStrategy("conservative"), preset: "custom" as const, targetVolume: 25 };
    await db.mailboxOrder.update({ where: { id: seeded.id }, data: { warmupStrategy: strategy } });

    await startOrderProvisioning(seeded.id, 0);
    await jobs.executor.drain();
    expect((await orderOf(seeded.id)).status).toBe("placing_unknown");

    await runUntil(statusIs(seeded.id, "completed", "needs_attention", "cancelled"));
    const order = await orderOf(seeded.id);
    expect(order).toMatchObject({ status: "completed", delayed: false, statusLabel: null });
    expect(order.completedAt).not.toBeNull();
    expect(registrar.registerCalls.get(first)).toBe(1);
    expect(registrar.registerCalls.get(second)).toBe(1);
    expect(order.domains.map((domain) => domain.status)).toEqual(["connected", "connected"]);
    expect(order.domains.flatMap((domain) => domain.mailboxes.map((mailbox) => mailbox.step))).toEqual(["connected", "connected", "connected", "connected"]);

    const dmarc = { type: "TXT", host: "_dmarc", value: `v=DMARC1; p=none; rua=mailto:postmaster@${second}`, priority: null };
    expect(registrar.published.get(second)).toMatchObject({ redirectUrl: "https://beta.example" });
    expect(registrar.published.get(second)!.records).toContainEqual(dmarc);
    expect(registrar.published.get(second)!.records.map((record) => record.type)).toEqual(["MX", "TXT", "CNAME", "TXT"]);
    expect(order.domains[1]!.dnsRecords).toContainEqual(dmarc);

    const managedDomains = await db.managedDomain.findMany({ where: { workspaceId: workspace.id }, orderBy: { name: "asc" } });
    expect(managedDomains.map((domain) => [domain.name, domain.registrar, domain.tenantId, domain.status])).toEqual([
      [first, "sandbox", `tenant-${first}`, "active"],
      [second, "sandbox", `tenant-${second}`, "active"],
    ]);
    expect(managedDomains.every((domain) => domain.renewsAt && domain.renewsAt > now())).toBe(true);

    const mailboxes = await db.mailbox.findMany({ where: { workspaceId: workspace.id }, include: { warmup: true }, orderBy: { email: "asc" } });
    expect(mailboxes.map((mailbox) => mailbox.email)).toEqual([`ann@${second}`, `bob@${second}`, `jane@${first}`, `john@${first}`]);
    for (const mailbox of mailboxes) {
      expect(mailbox).toMatchObject({ connectedVia: "managed", provider: "sandbox", authType: "sandbox", status: "connected", managedStatus: "active" });
      expect(mailbox.managedDomainId).toBe(managedDomains.find((domain) => mailbox.email.endsWith(`@${domain.name}`))!.id);
      expect(mailbox.managedUserId).toBe(`user-${mailbox.email}`);
      expect(mailbox.managedRenewsAt!.getTime()).toBeGreaterThan(now().getTime() + 27 * 86_400_000);
      expect(mailbox.warmup).toMatchObject({ status: "warming", targetVolume: 25 });
    }
    expect(mailboxes.filter((mailbox) => mailbox.managedIsAdmin).map((mailbox) => mailbox.email)).toEqual([`ann@${second}`, `jane@${first}`]);
    expect(mailboxes.find((mailbox) => mailbox.email === `jane@${first}`)!.fromName).toBe("Jane Doe");
    const orderMailboxes = order.domains.flatMap((domain) => domain.mailboxes);
    expect(orderMailboxes.every((mailbox) => mailbox.accountId && mailbox.connectedAt && mailbox.accessEncrypted === null)).toBe(true);
    expect(refundMailboxOrder).not.toHaveBeenCalled();
    expect(await db.jobRun.count({ where: { functionId: "herald-provision-mailbox-order", status: "failed" } })).toBe(0);
  });

  it("holds the order when the platform keeps refusing users after the step's retries, and completes once resumed", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const name = testDomainName("platformfail");
    setRegistrar(fakeRegistrar().registrar);
    const platform = fakeMailPlatform({ refuseUsersUntil: new Date(now().getTime() + 3_600_000) });
    setMailPlatform(platform.platform);
    const seeded = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }]);

    await startOrderProvisioning(seeded.id, 0);
    await runUntil(statusIs(seeded.id, "needs_attention", "completed"));
    const held = await orderOf(seeded.id);
    expect(held).toMatchObject({ status: "needs_attention", delayed: true, resumeStatus: "provisioning", round: 0 });
    expect(held.statusLabel).toBe(
      `Setting up the domains and mailboxes failed (The mail platform is not creating users for ${name} yet). The team is looking into it and will resume the order.`,
    );
    expect(platform.calls.ensureUser).toBe(5);

    jobs.clock.advance(3_600_000);
    const resumed = await resumeMailboxOrder(actor, seeded.id);
    expect(resumed).toMatchObject({ status: "provisioning", delayed: false, statusLabel: null });
    await runUntil(statusIs(seeded.id, "completed", "needs_attention"));
    const done = await orderOf(seeded.id);
    expect(done).toMatchObject({ status: "completed", round: 1, resumeStatus: null });
    expect(platform.calls.ensureTenant).toBe(1);
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id, connectedVia: "managed" } })).toBe(1);
  });

  it("holds the order at once, without retries, when the platform refuses an address for good", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("refusal");
    setRegistrar(fakeRegistrar().registrar);
    const platform = fakeMailPlatform({ refuseAddresses: [`bad@${name}`] });
    setMailPlatform(platform.platform);
    const seeded = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }, { localPart: "bad" }] }]);
    await startOrderProvisioning(seeded.id, 0);
    await runUntil(statusIs(seeded.id, "needs_attention", "completed"));
    expect(await orderOf(seeded.id)).toMatchObject({
      status: "needs_attention",
      resumeStatus: "provisioning",
      statusLabel: `Setting up the domains and mailboxes failed (The mail platform does not allow the address bad@${name}). The team is looking into it and will resume the order.`,
    });
    expect(platform.calls.ensureUser).toBe(2);
  });

  it("publishes a tenant's verification record while waiting on it, as Microsoft 365 needs before it verifies the domain and names its mail records", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("verify");
    const registrar = fakeRegistrar();
    const verified = (domain: string, record: { value: string }) => registrar.published.get(domain)?.records.some((published) => published.value === record.value) ?? false;
    setRegistrar(registrar.registrar);
    setMailPlatform(fakeMailPlatform({ verified }).platform);
    const seeded = await seedMailboxOrder(workspace.id, [{ name, platform: "microsoft", mailboxes: [{ localPart: "jane" }] }]);
    await startOrderProvisioning(seeded.id, 0);
    await runUntil(statusIs(seeded.id, "completed", "needs_attention", "cancelled"));
    expect((await orderOf(seeded.id)).status).toBe("completed");
    // The mail records given once verified are what the domain ends with (the verification TXT is no longer asked for).
    expect(registrar.published.get(name)!.records.map((record) => record.type)).toEqual(["MX", "TXT", "CNAME", "TXT"]);
  });

  // Three hours of the pipeline's time, a minute at a time: about 6 s alone, several times that
  // beside two other test files on two cores.
  it("shows a slow registration as delayed in plain words, then completes; one far past its time needs attention", { timeout: 120_000 }, async () => {
    const { workspace } = await createTestWorkspace();
    const [slow, stuck] = [testDomainName("slow"), testDomainName("stuck")];
    setRegistrar(fakeRegistrar({ activeAfterMs: (domain) => (domain === slow ? 20 * 60_000 : 3 * 3_600_000) }).registrar);
    setMailPlatform(fakeMailPlatform().platform);
    const slowOrder = await seedMailboxOrder(workspace.id, [{ name: slow, mailboxes: [{ localPart: "jane" }] }]);
    const stuckOrder = await seedMailboxOrder(workspace.id, [{ name: stuck, mailboxes: [{ localPart: "jane" }] }]);
    await startOrderProvisioning(slowOrder.id, 0);
    await startOrderProvisioning(stuckOrder.id, 0);

    await runUntil(async () => (await orderOf(slowOrder.id)).delayed, 60_000);
    expect(await orderOf(slowOrder.id)).toMatchObject({ status: "placing", delayed: true, statusLabel: `Registering ${slow} is taking longer than usual` });
    await runUntil(statusIs(slowOrder.id, "completed", "needs_attention"), 60_000);
    expect(await orderOf(slowOrder.id)).toMatchObject({ status: "completed", delayed: false, statusLabel: null });

    await runUntil(statusIs(stuckOrder.id, "needs_attention", "completed"), 60_000);
    const held = await orderOf(stuckOrder.id);
    expect(held).toMatchObject({ status: "needs_attention", delayed: true, resumeStatus: "placing" });
    expect(held.statusLabel).toBe(`Registering ${stuck} is taking much longer than it should. The team is looking into it and will resume the order.`);
    expect(now().getTime() - held.stepStartedAt!.getTime()).toBeGreaterThan(60 * 60_000);
  });

  it("stops at its next step when the order is cancelled during the pipeline", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("cancel");
    setRegistrar(fakeRegistrar().registrar);
    const platform = fakeMailPlatform({ readyAfterMs: () => 10 * 60_000 });
    setMailPlatform(platform.platform);
    const seeded = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }, { localPart: "john" }] }]);
    await startOrderProvisioning(seeded.id, 0);
    await runUntil(statusIs(seeded.id, "provisioning"));
    // What cancel-mailbox-order does to the status (its refund is billing's, not the pipeline's).
    await db.mailboxOrder.update({ where: { id: seeded.id }, data: { status: "cancelled", cancelledAt: now() } });

    jobs.clock.advance(60 * 60_000);
    await jobs.executor.drain();
    jobs.clock.advance(60 * 60_000);
    await jobs.executor.drain();
    expect((await orderOf(seeded.id)).status).toBe("cancelled");
    expect(platform.calls.ensureUser).toBe(0);
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
    const runs = await db.jobRun.findMany({ where: { functionId: "herald-provision-mailbox-order", event: { path: ["data", "orderId"], equals: seeded.id } } });
    expect(runs.map((run) => [run.status, run.output])).toEqual([["completed", { orderId: seeded.id, stoppedAt: "create-tenants", held: false }]]);
  });
});
