// Orders for domains the workspace already has, through the step services in pipeline order: a
// Herald-managed domain gets its new mailboxes on the same tenant with no registration and no DNS
// work; the workspace's own domain is not registered and its DNS is not touched, but the records it
// must publish (with DMARC) are on the order.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { ManualClock, now, setClock } from "../../../lib/clock";
import { setMailPlatform } from "../../../providers/mail-platform";
import { setRegistrar } from "../../../providers/registrar";
import { fakeMailPlatform, fakeRegistrar } from "../../../test/fakes/fake-order-providers";
import { createTestWorkspace } from "../../../test/factories";
import { seedMailboxOrder, testDomainName } from "../../../test/mailbox-order-seed";
import { readDomainDnsRecords } from "../mailbox-order-columns";
import { authorizeOrderMailboxes } from "./authorize-order-mailboxes";
import { completeMailboxOrder } from "./complete-mailbox-order";
import { connectOrderMailboxes } from "./connect-order-mailboxes";
import { createOrderTenants } from "./create-order-tenants";
import { createOrderUsers } from "./create-order-users";
import { markOrderPlaced } from "./mark-order-placed";
import type { StepOutcome } from "./order-step";
import { placeOrderDomains } from "./place-order-domains";
import { publishOrderDns } from "./publish-order-dns";

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
});
afterEach(() => {
  setRegistrar(undefined);
  setMailPlatform(undefined);
});

const STEPS = [placeOrderDomains, markOrderPlaced, createOrderTenants, createOrderUsers, publishOrderDns, authorizeOrderMailboxes, connectOrderMailboxes, completeMailboxOrder];

/** Each step in order, looked at again (after a minute) while it waits. */
async function runSteps(orderId: string): Promise<void> {
  for (const step of STEPS) {
    let outcome: StepOutcome = await step(orderId);
    for (let look = 0; outcome.state === "waiting" && look < 10; look++) {
      clock.advance(60_000);
      outcome = await step(orderId);
    }
    expect(outcome, step.name).toEqual({ state: "done" });
  }
}

describe("orders for domains the workspace already has", () => {
  it("adds mailboxes to a Herald-managed domain on its tenant, with no registration and no DNS work", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("managed");
    const registrar = fakeRegistrar();
    const platform = fakeMailPlatform();
    setRegistrar(registrar.registrar);
    setMailPlatform(platform.platform);
    const earlier = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }], { status: "completed" });
    const managed = await db.managedDomain.create({
      data: { workspaceId: workspace.id, name, registrar: "sandbox", platform: "google", platformProvider: "sandbox", tenantId: `tenant-${name}`, orderId: earlier.id, createdAt: now(), updatedAt: now() },
    });
    const order = await seedMailboxOrder(workspace.id, [{ name, existing: true, mailboxes: [{ localPart: "sam" }] }], { warmupEnabled: false });

    await runSteps(order.id);
    const done = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id }, include: { domains: { include: { mailboxes: true } } } });
    expect(done.status).toBe("completed");
    expect(done.domains[0]).toMatchObject({ managedDomainId: managed.id, tenantId: managed.tenantId, dnsPublishedAt: null, registerRequestedAt: null });
    expect(registrar.registerCalls.size).toBe(0);
    expect(registrar.published.size).toBe(0);
    expect(platform.calls.ensureTenant).toBe(0);
    const mailbox = await db.mailbox.findFirstOrThrow({ where: { workspaceId: workspace.id, email: `sam@${name}` }, include: { warmup: true } });
    expect(mailbox).toMatchObject({ connectedVia: "managed", managedDomainId: managed.id, managedIsAdmin: false, managedStatus: "active" });
    expect(mailbox.warmup?.status ?? "pending").toBe("pending");
    expect(await db.managedDomain.count({ where: { name } })).toBe(1);
  });

  it("sets up the workspace's own domain without registering it or touching its DNS, and lists the records to publish", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("own");
    const registrar = fakeRegistrar();
    setRegistrar(registrar.registrar);
    setMailPlatform(fakeMailPlatform().platform);
    const order = await seedMailboxOrder(workspace.id, [{ name, existing: true, redirectUrl: "https://own.example", mailboxes: [{ localPart: "sam" }] }]);

    await runSteps(order.id);
    const domain = await db.mailboxOrderDomain.findFirstOrThrow({ where: { orderId: order.id } });
    expect(domain).toMatchObject({ status: "connected", dnsPublishedAt: null, registrarId: null });
    expect(readDomainDnsRecords(domain.dnsRecords).map((record) => `${record.type} ${record.host}`)).toEqual(["MX @", "TXT @", "CNAME selector1._domainkey", "TXT _dmarc"]);
    expect(registrar.registerCalls.size).toBe(0);
    expect(registrar.published.size).toBe(0);
    const managed = await db.managedDomain.findUniqueOrThrow({ where: { name } });
    expect(managed).toMatchObject({ workspaceId: workspace.id, registrar: null, renewsAt: null, tenantId: `tenant-${name}`, orderId: order.id });
  });
});
