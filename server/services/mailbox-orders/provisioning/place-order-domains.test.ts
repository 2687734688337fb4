// The provisioning steps called directly, on the real database with fake providers: registration
// exactly once (an intent without an answer is reconciled by asking), a taken domain refused and its
// part refunded, an order whose every domain was refused cancelled with the rest refunded, resume's
// rules, and the sweep for paid orders whose event was lost.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inngest } from "@/inngest/client";
import { db } from "../../../db/client";
import { ManualClock, now, setClock } from "../../../lib/clock";
import { setMailPlatform } from "../../../providers/mail-platform";
import { setRegistrar } from "../../../providers/registrar";
import { fakeMailPlatform, fakeRegistrar } from "../../../test/fakes/fake-order-providers";
import { createTestWorkspace } from "../../../test/factories";
import { seedMailboxOrder, testDomainName } from "../../../test/mailbox-order-seed";
import { refundMailboxOrder } from "../refund-mailbox-order";
import { resumeMailboxOrder } from "../resume-mailbox-order";
import { createOrderTenants } from "./create-order-tenants";
import { markOrderPlaced } from "./mark-order-placed";
import { placeOrderDomains } from "./place-order-domains";
import { restartStalledMailboxOrders } from "./restart-stalled-mailbox-orders";

vi.mock("@/server/services/mailbox-orders/refund-mailbox-order", () => ({ refundMailboxOrder: vi.fn(async () => undefined) }));

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
});
afterEach(() => {
  setRegistrar(undefined);
  setMailPlatform(undefined);
  vi.restoreAllMocks();
  vi.mocked(refundMailboxOrder).mockClear();
});

const orderOf = (id: string) => db.mailboxOrder.findUniqueOrThrow({ where: { id }, include: { domains: { orderBy: { position: "asc" }, include: { mailboxes: true } } } });

describe("placing the domains", () => {
  it("refuses a taken domain, refunds its part once, and goes on with the others", async () => {
    const { workspace } = await createTestWorkspace();
    const [taken, free] = [testDomainName("gone"), testDomainName("free")];
    const registrar = fakeRegistrar({ taken: [taken] });
    setRegistrar(registrar.registrar);
    const order = await seedMailboxOrder(workspace.id, [
      { name: taken, mailboxes: [{ localPart: "jane" }, { localPart: "john" }] },
      { name: free, mailboxes: [{ localPart: "ann" }] },
    ]);
    expect(await placeOrderDomains(order.id)).toEqual({ state: "waiting", waitingOn: `Registering ${free}` });
    const after = await orderOf(order.id);
    expect(after.status).toBe("placing");
    expect(after.domains[0]).toMatchObject({ status: "refused", refusedReason: "taken" });
    expect(after.domains[0]!.mailboxes.map((mailbox) => mailbox.step)).toEqual(["refused", "refused"]);
    const domainId = after.domains[0]!.id;
    expect(refundMailboxOrder).toHaveBeenCalledTimes(1);
    expect(refundMailboxOrder).toHaveBeenCalledWith(order.id, {
      key: `refund:${order.id}:domain:${domainId}`,
      amountCents: 1200 + 2 * 700,
      description: expect.stringContaining(`${taken} could not be registered (someone else registered it first)`),
    });

    clock.advance(10_000);
    expect(await placeOrderDomains(order.id)).toEqual({ state: "done" });
    expect(registrar.registerCalls.get(taken)).toBe(1);
    expect(registrar.registerCalls.get(free)).toBe(1);
    expect(refundMailboxOrder).toHaveBeenCalledTimes(1);
    expect(await markOrderPlaced(order.id)).toEqual({ state: "done" });
    setMailPlatform(fakeMailPlatform().platform);
    await createOrderTenants(order.id);
    const provisioning = await orderOf(order.id);
    expect(provisioning.status).toBe("provisioning");
    expect(provisioning.domains.map((domain) => domain.tenantId)).toEqual([null, `tenant-${free}`]);
  });

  it("repeats a refund that failed on the step's retry (same key) rather than leaving the domain unrefunded", async () => {
    const { workspace } = await createTestWorkspace();
    const [taken, free] = [testDomainName("gone"), testDomainName("free")];
    setRegistrar(fakeRegistrar({ taken: [taken] }).registrar);
    const order = await seedMailboxOrder(workspace.id, [
      { name: taken, mailboxes: [{ localPart: "jane" }] },
      { name: free, mailboxes: [{ localPart: "ann" }] },
    ]);
    vi.mocked(refundMailboxOrder).mockRejectedValueOnce(new Error("The billing provider is unavailable"));
    await expect(placeOrderDomains(order.id)).rejects.toThrow("unavailable");
    expect((await orderOf(order.id)).domains[0]!.status).toBe("registering");
    await placeOrderDomains(order.id);
    expect((await orderOf(order.id)).domains[0]!.status).toBe("refused");
    const keys = vi.mocked(refundMailboxOrder).mock.calls.map(([, refund]) => refund.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it("cancels the order with the rest refunded when every domain was refused", async () => {
    const { workspace } = await createTestWorkspace();
    const taken = testDomainName("taken");
    setRegistrar(fakeRegistrar({ taken: [taken] }).registrar);
    const order = await seedMailboxOrder(workspace.id, [{ name: taken, mailboxes: [{ localPart: "jane" }] }]);
    // A total above the parts (a line the parts do not cover) is refunded by the cancel.
    await db.mailboxOrder.update({ where: { id: order.id }, data: { totalCents: 2500 } });
    expect(await placeOrderDomains(order.id)).toEqual({ state: "stopped" });
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", cancelledAt: now() });
    expect(vi.mocked(refundMailboxOrder).mock.calls.map(([, refund]) => [refund.key.split(":").slice(2, 3)[0], refund.amountCents])).toEqual([
      ["domain", 1900],
      ["cancel", 600],
    ]);
  });

  it("reconciles a registration sent without a stored answer by asking the registrar, never registering it twice", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("crash");
    const registrar = fakeRegistrar();
    setRegistrar(registrar.registrar);
    const order = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }], { status: "placing" });
    // The process died after the registrar took the call and before its answer was stored.
    await registrar.registrar.registerDomain({ name, years: 1, reference: "lost" });
    await db.mailboxOrderDomain.updateMany({ where: { orderId: order.id }, data: { registerRequestedAt: now(), status: "registering" } });
    clock.advance(10_000);
    expect(await placeOrderDomains(order.id)).toEqual({ state: "done" });
    expect(registrar.registerCalls.get(name)).toBe(1);
    expect((await orderOf(order.id)).domains[0]).toMatchObject({ status: "registered", registrarId: `reg-${name}` });
  });

  it("sends the registration again only when the registrar says its account does not hold the name", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("never-sent");
    const registrar = fakeRegistrar();
    setRegistrar(registrar.registrar);
    const order = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }], { status: "placing_unknown" });
    await db.mailboxOrderDomain.updateMany({ where: { orderId: order.id }, data: { registerRequestedAt: now(), status: "registering" } });
    expect(await placeOrderDomains(order.id)).toEqual({ state: "waiting", waitingOn: `Registering ${name}` });
    expect(registrar.registerCalls.get(name)).toBe(1);
    expect((await orderOf(order.id)).status).toBe("placing");
  });

  it("refuses a name Herald's account already holds for another order, without registering or taking it", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("twice");
    const registrar = fakeRegistrar();
    setRegistrar(registrar.registrar);
    await registrar.registrar.registerDomain({ name, years: 1, reference: "the other order" });
    const order = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }, { name: testDomainName("other"), mailboxes: [{ localPart: "ann" }] }]);
    await placeOrderDomains(order.id);
    expect((await orderOf(order.id)).domains[0]).toMatchObject({ status: "refused", refusedReason: "taken", registrarId: null });
    expect(registrar.registerCalls.get(name)).toBe(1);
    expect(refundMailboxOrder).toHaveBeenCalledTimes(1);
  });

  it("keeps asking, rather than refusing, when a registration sent again after a lost answer is refused as taken", async () => {
    const { workspace } = await createTestWorkspace();
    const name = testDomainName("unlisted");
    setRegistrar(fakeRegistrar({ taken: [name] }).registrar);
    const order = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }], { status: "placing_unknown" });
    await db.mailboxOrderDomain.updateMany({ where: { orderId: order.id }, data: { registerRequestedAt: now(), status: "registering" } });
    expect(await placeOrderDomains(order.id)).toEqual({ state: "waiting", waitingOn: `Confirming the registration of ${name}` });
    expect(await orderOf(order.id)).toMatchObject({ status: "placing_unknown" });
    expect((await orderOf(order.id)).domains[0]!.status).toBe("registering");
    expect(refundMailboxOrder).not.toHaveBeenCalled();
  });

  it("does nothing for a cancelled order", async () => {
    const { workspace } = await createTestWorkspace();
    const registrar = fakeRegistrar();
    setRegistrar(registrar.registrar);
    const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("cancelled"), mailboxes: [{ localPart: "jane" }] }], { status: "cancelled" });
    expect(await placeOrderDomains(order.id)).toEqual({ state: "stopped" });
    expect(registrar.registerCalls.size).toBe(0);
  });
});

describe("resuming an order", () => {
  it("needs the manage-billing permission and an order that needs attention", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("resume"), mailboxes: [{ localPart: "jane" }] }], { status: "provisioning" });
    await expect(resumeMailboxOrder({ ...actor, role: "member", canManageBilling: false }, order.id)).rejects.toMatchObject({ code: "not-allowed" });
    await expect(resumeMailboxOrder(actor, order.id)).rejects.toMatchObject({ code: "order-not-resumable" });
    await db.mailboxOrder.update({ where: { id: order.id }, data: { status: "needs_attention", resumeStatus: "provisioning", delayed: true, statusLabel: "Stuck" } });
    const resumed = await resumeMailboxOrder(actor, order.id);
    expect(resumed).toMatchObject({ status: "provisioning", delayed: false, statusLabel: null });
    expect(await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ round: 1, resumeStatus: null, stepStartedAt: now() });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: "herald/mailbox-order.provision", data: { orderId: order.id, round: 1 }, id: `mailbox-order-${order.id}-1` }));
    await expect(resumeMailboxOrder(actor, order.id)).rejects.toMatchObject({ code: "order-not-resumable" });

    // A job runner that cannot be reached fails nothing: the order is resumed and the sweep asks again.
    send.mockRejectedValueOnce(new Error("connection refused"));
    await db.mailboxOrder.update({ where: { id: order.id }, data: { status: "needs_attention", resumeStatus: "provisioning" } });
    expect(await resumeMailboxOrder(actor, order.id)).toMatchObject({ status: "provisioning" });
  });
});

describe("the stalled-order sweep", () => {
  it("asks again for orders of the pipeline left without a change for some minutes (a lost payment or resume event), and only those", async () => {
    const { workspace } = await createTestWorkspace();
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    const stalled = await seedMailboxOrder(workspace.id, [{ name: testDomainName("stalled"), mailboxes: [{ localPart: "jane" }] }]);
    clock.advance(6 * 60_000);
    const fresh = await seedMailboxOrder(workspace.id, [{ name: testDomainName("fresh"), mailboxes: [{ localPart: "jane" }] }]);
    const resumed = await seedMailboxOrder(workspace.id, [{ name: testDomainName("resumed"), mailboxes: [{ localPart: "jane" }] }], { status: "provisioning" });
    const held = await seedMailboxOrder(workspace.id, [{ name: testDomainName("held"), mailboxes: [{ localPart: "jane" }] }], { status: "needs_attention" });
    await db.mailboxOrder.updateMany({ where: { id: { in: [resumed.id, held.id] } }, data: { updatedAt: new Date(now().getTime() - 6 * 60_000), round: 2 } });
    await restartStalledMailboxOrders();
    const asked = send.mock.calls.map(([event]) => (event as { data: { orderId: string; round: number } }).data);
    expect(asked).toContainEqual({ orderId: stalled.id, round: 0 });
    expect(asked).toContainEqual({ orderId: resumed.id, round: 2 });
    expect(asked.map((event) => event.orderId)).not.toContain(fresh.id);
    expect(asked.map((event) => event.orderId)).not.toContain(held.id);
  });
});
