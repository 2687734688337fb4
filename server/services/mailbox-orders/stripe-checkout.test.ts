// The Stripe adapter end to end against the local Stripe stand-in: Checkout, the signed webhook
// through the real route, refunds, and renewal charges with a saved card.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as stripeWebhook } from "@/app/api/billing/stripe/webhook/route";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { cancelMailboxOrder } from "./cancel-mailbox-order";
import { payMailboxOrder } from "./pay-mailbox-order";
import { createTestWorkspace } from "../../test/factories";
import { seedMailboxOrder, testDomainName } from "../../test/mailbox-order-seed";
import { setBillingProvider } from "../../providers/billing";
import { createStripeBilling, stripeClient } from "../../providers/billing/stripe/stripe-billing";
import { startLocalHttpFake } from "../../test/fakes/local-http-fake";
import { parseStripeForm, startStripeFake, TEST_CARDS, type SignedEvent, type StripeFake } from "../../test/fakes/stripe-fake";

const provisioning = vi.hoisted(() => ({ calls: [] as [string, number][] }));
vi.mock("./start-order-provisioning", () => ({
  startOrderProvisioning: async (orderId: string, round: number) => {
    provisioning.calls.push([orderId, round]);
  },
}));

let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake();
  process.env.HERALD_STRIPE_WEBHOOK_SECRET = fake.webhookSecret;
  resetEnv();
});

afterAll(async () => {
  delete process.env.HERALD_STRIPE_WEBHOOK_SECRET;
  resetEnv();
  await fake.close();
});

beforeEach(() => {
  setClock(new ManualClock("2026-03-02T09:00:00Z"));
  provisioning.calls = [];
  fake.failRefunds = false;
  setBillingProvider(createStripeBilling({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 }));
});

afterEach(() => {
  setBillingProvider(undefined);
  setClock(systemClock);
});

function deliver(signed: SignedEvent, signature = signed.signature) {
  return stripeWebhook(new Request("http://herald.test/api/billing/stripe/webhook", { method: "POST", headers: { "stripe-signature": signature, "content-type": "application/json" }, body: signed.payload }));
}

async function pendingOrder() {
  const { workspace, actor } = await createTestWorkspace();
  const order = await seedMailboxOrder(workspace.id, [{ name: testDomainName("stripe"), mailboxes: [{ localPart: "jane" }] }], { status: "quoted" });
  const pending = await payMailboxOrder(actor, order.id, { returnUrl: "https://app.example.com/orders" });
  const sessionId = (await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } })).paymentId!;
  return { workspace, actor, order, pending, sessionId };
}

describe("Stripe Checkout for mailbox orders", () => {
  it("sends the person to Checkout, and the signed webhook makes the order paid once", async () => {
    const { actor, order, pending, sessionId } = await pendingOrder();
    expect(pending).toMatchObject({ status: "quoted", payment: { provider: "stripe", status: "pending", checkoutUrl: `https://checkout.stripe.com/c/pay/${sessionId}` } });
    const create = fake.requests.find((request) => request.method === "POST" && request.path === "/v1/checkout/sessions")!;
    expect(create.headers["idempotency-key"]).toMatch(new RegExp(`^order:${order.id}:`));
    expect(parseStripeForm(create.body.toString())).toMatchObject({
      mode: "payment",
      client_reference_id: order.id,
      customer_creation: "always",
      metadata: { orderId: order.id, workspaceId: actor.workspaceId },
      payment_intent_data: { setup_future_usage: "off_session" },
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: String(order.totalCents) } }],
    });
    expect((await payMailboxOrder(actor, order.id, {})).payment.checkoutUrl).toBe(pending.payment.checkoutUrl);
    expect(fake.sessions.size).toBeGreaterThanOrEqual(1);
    expect([...fake.sessions.values()].filter((session) => session.client_reference_id === order.id)).toHaveLength(1);

    const completed = fake.completeCheckout(sessionId);
    expect((await deliver(completed)).status).toBe(200);
    // Redelivered over HTTP, as Stripe retries: nothing changes.
    const herald = await startLocalHttpFake(async (request) => {
      const response = await stripeWebhook(new Request(`http://herald.test${request.url}`, { method: request.method, headers: { "stripe-signature": String(request.headers["stripe-signature"]) }, body: request.body.toString("utf8") }));
      return { status: response.status, body: await response.text() };
    });
    expect(await fake.send(`${herald.url}/api/billing/stripe/webhook`, completed)).toBe(200);
    await herald.close();
    const paid = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(paid).toMatchObject({ status: "paid", paymentStatus: "paid", paymentId: sessionId, checkoutUrl: null });
    expect(provisioning.calls.every(([id, round]) => id === order.id && round === 0)).toBe(true);
    expect(await db.billingPayment.count({ where: { orderId: order.id, kind: "order", status: "succeeded" } })).toBe(1);
  });

  it("answers 400 to a bad signature and changes nothing", async () => {
    const { order, sessionId } = await pendingOrder();
    const completed = fake.completeCheckout(sessionId);
    expect((await deliver(completed, "t=1,v1=deadbeef")).status).toBe(400);
    expect((await deliver({ ...completed, payload: completed.payload.replace('"paid"', '"unpaid"') })).status).toBe(400);
    expect((await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("quoted");
    expect(provisioning.calls).toEqual([]);
  });

  it("acknowledges other events, and an expired Checkout lets the order be paid again on a new page", async () => {
    const { actor, order, sessionId } = await pendingOrder();
    const other = { payload: JSON.stringify({ id: "evt_1", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } }) };
    expect((await deliver({ ...other, signature: fake.sign(other.payload), event: { id: "evt_1" } })).status).toBe(200);
    const expired = fake.expireCheckout(sessionId);
    expect((await deliver(expired)).status).toBe(200);
    expect((await deliver(expired)).status).toBe(200);
    expect(await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "quoted", paymentStatus: "none", paymentId: null });
    const again = await payMailboxOrder(actor, order.id, {});
    expect(again.payment.status).toBe("pending");
    expect(again.payment.checkoutUrl).not.toContain(sessionId);
  });

  it("refunds a cancelled order once at Stripe, never more than was paid", async () => {
    const { actor, order, sessionId } = await pendingOrder();
    await deliver(fake.completeCheckout(sessionId));
    const cancelled = await cancelMailboxOrder(actor, order.id);
    expect(cancelled.payment).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    await expect(cancelMailboxOrder(actor, order.id)).rejects.toMatchObject({ code: "order-not-cancellable" });
    const intentId = String(fake.sessions.get(sessionId)!.payment_intent);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toMatchObject([{ amount: order.totalCents }]);
    const refundCalls = fake.requests.filter((request) => request.path === "/v1/refunds");
    expect(refundCalls.map((request) => request.headers["idempotency-key"])).toEqual([`refund:${order.id}:cancel`]);
  });

  it("refunds a payment that arrives after its quote was cancelled", async () => {
    const { actor, order, sessionId } = await pendingOrder();
    expect((await cancelMailboxOrder(actor, order.id)).status).toBe("cancelled");
    await deliver(fake.completeCheckout(sessionId));
    const row = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundedCents: order.totalCents });
    expect(provisioning.calls).toEqual([]);
  });

  it("charges a renewal off-session with the saved card, and reports a decline in words", async () => {
    const { sessionId } = await pendingOrder();
    await deliver(fake.completeCheckout(sessionId));
    const declining = await pendingOrder();
    await deliver(fake.completeCheckout(declining.sessionId, { card: TEST_CARDS.insufficientFunds }));
    const billing = createStripeBilling({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 });
    const renewal = { key: "renewal:mbx_1:2026-04", workspaceId: "ws_1", paymentId: sessionId, amountCents: 700, currency: "usd", description: "jane@… for April" };
    const ok = await billing.chargeRenewal(renewal);
    expect(ok).toMatchObject({ status: "succeeded", failure: null });
    expect(await billing.chargeRenewal(renewal)).toEqual(ok);
    const session = fake.sessions.get(sessionId)!;
    expect(fake.paymentIntents.get(ok.chargeId)).toMatchObject({ amount: 700, customer: session.customer, status: "succeeded" });

    // The stand-in no longer has a switch that declines every charge: the customer paid with Stripe's insufficient-funds test card.
    const declined = await billing.chargeRenewal({ ...renewal, paymentId: declining.sessionId, key: "renewal:mbx_1:2026-05" });
    expect(declined.status).toBe("failed");
    expect(declined.failure).toMatch(/insufficient funds/i);
  });

  it("refuses a wrong secret key", async () => {
    const stripe = stripeClient({ secretKey: "sk_test_wrong", apiUrl: fake.apiUrl, maxNetworkRetries: 0 });
    await expect(stripe.checkout.sessions.retrieve("cs_test_x")).rejects.toMatchObject({ statusCode: 401 });
  });
});
