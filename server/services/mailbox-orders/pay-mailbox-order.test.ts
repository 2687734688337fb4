import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { setBillingProvider } from "../../providers/billing";
import { createSandboxBilling } from "../../providers/billing/sandbox/sandbox-billing";
import type { BillingProvider } from "../../providers/billing/types";
import { authenticateApiKey, resolveApiActor } from "../api-keys/authenticate-api-key";
import { createTestApiKey, createTestWorkspace } from "../../test/factories";
import { seedMailboxOrder, testDomainName } from "../../test/mailbox-order-seed";
import { cancelMailboxOrder } from "./cancel-mailbox-order";
import { payMailboxOrder } from "./pay-mailbox-order";
import { refundMailboxOrder } from "./refund-mailbox-order";

const provisioning = vi.hoisted(() => ({ calls: [] as [string, number][] }));
vi.mock("./start-order-provisioning", () => ({
  startOrderProvisioning: async (orderId: string, round: number) => {
    provisioning.calls.push([orderId, round]);
  },
}));

let clock: ManualClock;
let payments: number;
let refunds: { key: string; amountCents: number }[];

beforeEach(() => {
  clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  provisioning.calls = [];
  payments = 0;
  refunds = [];
  const sandbox = createSandboxBilling();
  const counting: BillingProvider = {
    ...sandbox,
    startPayment: async (input) => {
      payments += 1;
      return sandbox.startPayment(input);
    },
    refund: async (input) => {
      refunds.push({ key: input.key, amountCents: input.amountCents });
      return sandbox.refund(input);
    },
  };
  setBillingProvider(counting);
});

afterEach(() => {
  setBillingProvider(undefined);
  setClock(systemClock);
});

async function quotedOrder() {
  const { workspace, actor } = await createTestWorkspace();
  const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("pay"), mailboxes: [{ localPart: "jane" }, { localPart: "joe" }] }], { status: "quoted" });
  return { workspace, actor, order };
}

describe("payMailboxOrder on the sandbox", () => {
  it("pays at once, moves the order to paid and starts provisioning", async () => {
    const { actor, order } = await quotedOrder();
    const paid = await payMailboxOrder(actor, order.id, {});
    expect(paid.status).toBe("paid");
    expect(paid.payment).toMatchObject({ provider: "sandbox", status: "paid", paidAt: "2026-03-02T09:00:00.000Z", checkoutUrl: null });
    expect(provisioning.calls).toEqual([[order.id, 0]]);
    const row = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.stepStartedAt?.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    const rows = await db.billingPayment.findMany({ where: { orderId: order.id } });
    expect(rows).toMatchObject([{ kind: "order", key: `order:${order.id}`, status: "succeeded", amountCents: order.totalCents, externalId: row.paymentId }]);
  });

  it("pays once for a double click, also when both arrive together", async () => {
    const { actor, order } = await quotedOrder();
    const results = await Promise.allSettled([payMailboxOrder(actor, order.id, {}), payMailboxOrder(actor, order.id, {})]);
    expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    await expect(payMailboxOrder(actor, order.id, {})).rejects.toMatchObject({ code: "order-not-payable" });
    const rows = await db.billingPayment.findMany({ where: { orderId: order.id, kind: "order" } });
    expect(rows).toHaveLength(1);
    const ids = new Set((await db.mailboxOrder.findMany({ where: { id: order.id } })).map((row) => row.paymentId));
    expect(ids.size).toBe(1);
  });

  it("needs the manage-billing permission", async () => {
    const { workspace, actor } = await createTestWorkspace({ role: "member", canManageBilling: false });
    const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("perm"), mailboxes: [{ localPart: "a" }] }], { status: "quoted" });
    await expect(payMailboxOrder(actor, order.id, {})).rejects.toMatchObject({ code: "not-allowed", status: 403 });
    await expect(cancelMailboxOrder(actor, order.id)).rejects.toMatchObject({ code: "not-allowed" });
    const allowed = { ...actor, canManageBilling: true };
    expect((await payMailboxOrder(allowed, order.id, {})).status).toBe("paid");
    expect(payments).toBe(1);
  });

  it("is refused through an API key whose creator may not manage billing", async () => {
    const { workspace, actor } = await createTestWorkspace({ role: "admin", canManageBilling: false });
    const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("key"), mailboxes: [{ localPart: "a" }] }], { status: "quoted" });
    const { key } = await createTestApiKey(actor);
    const keyActor = await resolveApiActor(await authenticateApiKey(`Bearer ${key}`, "127.0.0.1"));
    await expect(payMailboxOrder(keyActor, order.id, {})).rejects.toMatchObject({ code: "not-allowed", status: 403 });
    expect(payments).toBe(0);
  });

  it("is refused while managed mailboxes are turned off", async () => {
    const { workspace, actor, order } = await quotedOrder();
    await db.workspace.update({ where: { id: workspace.id }, data: { managedMailboxesEnabled: false } });
    await expect(payMailboxOrder(actor, order.id, {})).rejects.toMatchObject({ code: "managed-mailboxes-disabled", status: 403 });
    expect(payments).toBe(0);
  });

  it("refuses an expired quote and an order already paid, in words", async () => {
    const { actor, order } = await quotedOrder();
    clock.advance(86_400_000);
    const error = await payMailboxOrder(actor, order.id, {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "order-not-payable", status: 409 });
    expect((error as Error).message).toContain(order.domains[0]!.name);
    expect((error as Error).message).toContain("expired");
    const { workspace, actor: other } = await createTestWorkspace();
    const paid = await seedMailboxOrder(workspace.id, [{ name: testDomainName("done"), mailboxes: [{ localPart: "a" }] }]);
    await expect(payMailboxOrder(other, paid.id, {})).rejects.toMatchObject({ code: "order-not-payable" });
    expect(payments).toBe(0);
  });
});

describe("payMailboxOrder when the quote went stale", () => {
  it("refuses, in words and without charging, a quote whose domain another order paid for since, or whose address became a mailbox", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const name = testDomainName("race");
    const first = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }], { status: "quoted" });
    const second = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "joe" }] }], { status: "quoted" });
    await payMailboxOrder(actor, first.id, {});
    const error = await payMailboxOrder(actor, second.id, {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "order-not-payable", status: 409 });
    expect((error as Error).message).toBe(`${name} is being registered by another order since this one was quoted. Ask for a new quote.`);

    const other = testDomainName("own");
    const third = await seedMailboxOrder(workspace.id, [{ name: other, existing: true, mailboxes: [{ localPart: "ann" }] }], { status: "quoted" });
    await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Ann", email: `ann@${other}`, provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: new Date(), updatedAt: new Date() } });
    await expect(payMailboxOrder(actor, third.id, {})).rejects.toMatchObject({ code: "order-not-payable", message: `ann@${other} is already a mailbox of this workspace. Ask for a new quote.` });
    expect(payments).toBe(1);
  });
});

describe("cancelMailboxOrder and refunds", () => {
  it("cancels a paid order and refunds it once; a second cancel is refused", async () => {
    const { actor, order } = await quotedOrder();
    await payMailboxOrder(actor, order.id, {});
    const cancelled = await cancelMailboxOrder(actor, order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelledAt: "2026-03-02T09:00:00.000Z", payment: { status: "refunded", refundedCents: order.totalCents } });
    expect(cancelled.statusLabel).toBe("Cancelled: the payment is refunded");
    await expect(cancelMailboxOrder(actor, order.id)).rejects.toMatchObject({ code: "order-not-cancellable", status: 409 });
    expect(refunds).toEqual([{ key: `refund:${order.id}:cancel`, amountCents: order.totalCents }]);
  });

  it("cancels a quote nobody paid with nothing to refund, and says so", async () => {
    const { actor, order } = await quotedOrder();
    const cancelled = await cancelMailboxOrder(actor, order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", statusLabel: "Cancelled before it was paid", payment: { refundedCents: 0 } });
    expect(refunds).toEqual([]);
  });

  it("refuses to cancel a completed order", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("complete"), mailboxes: [{ localPart: "a" }] }], { status: "completed" });
    const error = await cancelMailboxOrder(actor, order.id).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "order-not-cancellable" });
    expect((error as Error).message).toContain(order.domains[0]!.name);
    expect(refunds).toEqual([]);
  });

  it("refuses to cancel, whole, an order held while connecting once one of its mailboxes is connected", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const name = testDomainName("half");
    const order = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "a" }, { localPart: "b" }] }], { status: "needs_attention" });
    await db.mailboxOrderMailbox.updateMany({ where: { orderId: order.id, email: `a@${name}` }, data: { accountId: "mbx_connected", step: "connected" } });
    await expect(cancelMailboxOrder(actor, order.id)).rejects.toMatchObject({
      code: "order-not-cancellable",
      message: `a@${name} is already connected, so the order can no longer be cancelled whole: resume it, or cancel those mailboxes under Mailboxes.`,
    });
    expect((await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("needs_attention");
    expect(refunds).toEqual([]);
  });

  it("cancels an unpaid quote without refunding anything", async () => {
    const { actor, order } = await quotedOrder();
    const cancelled = await cancelMailboxOrder(actor, order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", payment: { status: "none", refundedCents: 0 } });
    expect(refunds).toEqual([]);
  });

  it("never refunds more than was paid, and a key refunds once", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("part"), mailboxes: [{ localPart: "a" }] }], { status: "placing" });
    const part = { key: `refund:${order.id}:domain:x`, amountCents: order.totalCents - 100, description: "Domain taken" };
    await refundMailboxOrder(order.id, part);
    await refundMailboxOrder(order.id, part);
    let row = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ refundedCents: order.totalCents - 100, paymentStatus: "partially_refunded" });
    const cancelled = await cancelMailboxOrder(actor, order.id);
    expect(cancelled.payment).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    await refundMailboxOrder(order.id, { key: `refund:${order.id}:extra`, amountCents: 500, description: "More" });
    row = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.refundedCents).toBe(order.totalCents);
    expect(refunds.map((refund) => refund.amountCents)).toEqual([order.totalCents - 100, 100]);
  });

  it("leaves a refund pending when the provider fails, and sends it again later with the same key", async () => {
    const { actor, order } = await quotedOrder();
    await payMailboxOrder(actor, order.id, {});
    const sandbox = createSandboxBilling();
    setBillingProvider({ ...sandbox, refund: async () => Promise.reject(new Error("provider down")) });
    const cancelled = await cancelMailboxOrder(actor, order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", payment: { status: "paid", refundedCents: 0 } });
    const pending = await db.billingPayment.findUniqueOrThrow({ where: { key: `refund:${order.id}:cancel` } });
    expect(pending.status).toBe("pending");
    setBillingProvider(sandbox);
    const { retryPendingRefunds } = await import("./retry-pending-refunds");
    clock.advance(10 * 60_000);
    expect(await retryPendingRefunds()).toMatchObject({ sent: 1, failed: 0 });
    const row = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ paymentStatus: "refunded", refundedCents: order.totalCents });
    expect(await retryPendingRefunds()).toMatchObject({ sent: 0 });
  });
});
