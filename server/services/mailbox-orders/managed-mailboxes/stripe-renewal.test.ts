// A managed mailbox's monthly renewal charged through the Stripe adapter against the local Stripe
// stand-in, which refuses what Stripe refuses: the card saved by Checkout is charged off-session, a
// declined card and one whose bank wants the card holder to authenticate show on the mailbox in
// plain words, and a charge Stripe refuses as malformed is logged as Herald's bug, not shown as a decline.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { logger } from "@/server/lib/logger";
import { setBillingProvider } from "@/server/providers/billing";
import { createStripeBilling, stripeClient } from "@/server/providers/billing/stripe/stripe-billing";
import { getMailbox } from "@/server/services/mail/mailboxes/get-mailbox";
import { createTestWorkspace } from "@/server/test/factories";
import { parseStripeForm, startStripeFake, TEST_CARDS, type StripeFake, type TestCard } from "@/server/test/fakes/stripe-fake";
import { seedManagedMailboxes } from "@/server/test/managed-mailbox-seed";
import { renewManagedMailbox } from "./renew-managed-mailbox";

let fake: StripeFake;
let clock: ManualClock;

beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  clock = new ManualClock(Date.UTC(2026, 0, 31, 10));
  setClock(clock);
  setBillingProvider(createStripeBilling({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  setClock(systemClock);
  setBillingProvider(undefined);
});

/** A managed mailbox whose order was paid on Stripe Checkout with `card`; the clock at its renewal date. */
async function paidMailbox(card: TestCard, checkout: "herald" | "without saving the card" = "herald") {
  const { workspace, actor } = await createTestWorkspace();
  const seeded = await seedManagedMailboxes(workspace.id, { mailboxes: ["only"] });
  const order = seeded.order;
  let sessionId: string;
  if (checkout === "herald") {
    const billing = createStripeBilling({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 });
    const started = await billing.startPayment({ key: `order:${order.id}:1`, workspaceId: workspace.id, orderId: order.id, amountCents: 1000, currency: "usd", description: "Order", returnUrl: "https://app.example.com/orders" });
    sessionId = started.paymentId;
  } else {
    // A Checkout with a Customer that does not save the card for later (no setup_future_usage).
    const stripe = stripeClient({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 });
    const session = await stripe.checkout.sessions.create({ mode: "payment", customer_creation: "always", line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1000, product_data: { name: "Order" } } }], success_url: "https://app.example.com/orders" });
    sessionId = session.id;
  }
  fake.completeCheckout(sessionId, { card });
  await db.mailboxOrder.update({ where: { id: order.id }, data: { paymentId: sessionId } });
  const mailbox = seeded.mailboxes[0]!;
  clock.set(mailbox.managedRenewsAt!);
  return { actor, mailbox, sessionId };
}

const chargeRequests = (key: string) => fake.requests.filter((request) => request.path === "/v1/payment_intents" && String(request.headers["idempotency-key"]).startsWith(key));

describe("renewing a managed mailbox with Stripe", () => {
  it("charges the card Checkout saved, off-session with its Customer, and moves the renewal on", async () => {
    const { actor, mailbox, sessionId } = await paidMailbox(TEST_CARDS.paid);
    expect(await renewManagedMailbox(mailbox.id, now())).toBe("renewed");

    const session = fake.sessions.get(sessionId)!;
    const original = fake.paymentIntents.get(String(session.payment_intent))!;
    const [request, ...more] = chargeRequests(`renewal:mailbox:${mailbox.id}:`);
    expect(more).toEqual([]);
    expect(parseStripeForm(request!.body.toString())).toMatchObject({ customer: session.customer, payment_method: original.payment_method, off_session: "true", confirm: "true", amount: "700" });
    const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row.managedRenewsAt!.toISOString()).toBe("2026-03-28T10:00:00.000Z");
    expect((await getMailbox(actor, mailbox.id)).managed?.renewalProblem).toBeNull();
  });

  it("shows a declined card in plain words with Stripe's reason", async () => {
    const { actor, mailbox } = await paidMailbox(TEST_CARDS.insufficientFunds);
    expect(await renewManagedMailbox(mailbox.id, now())).toBe("declined");
    const problem = (await getMailbox(actor, mailbox.id)).managed?.renewalProblem;
    expect(problem).toBe(`Renewing ${mailbox.email} failed: the card was declined (insufficient funds); the bank that issued it can say why. Herald tries again within the hour (decline 1 of 3).`);

    const generic = await paidMailbox(TEST_CARDS.declined);
    expect(await renewManagedMailbox(generic.mailbox.id, now())).toBe("declined");
    expect((await getMailbox(generic.actor, generic.mailbox.id)).managed?.renewalProblem).toContain("failed: the card was declined; the bank that issued it can say why.");
  });

  it("says so in plain words when the bank wants the card holder to confirm the payment", async () => {
    const { actor, mailbox } = await paidMailbox(TEST_CARDS.authenticationRequired);
    expect(await renewManagedMailbox(mailbox.id, now())).toBe("declined");
    const problem = (await getMailbox(actor, mailbox.id)).managed?.renewalProblem;
    expect(problem).toContain(`Renewing ${mailbox.email} failed: the card's bank asks the card holder to confirm this payment themselves`);
    expect(problem).not.toContain("declined");
  });

  it("logs a charge Stripe refuses as malformed as a bug, and shows no decline", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const { actor, mailbox } = await paidMailbox(TEST_CARDS.paid, "without saving the card");
    await expect(renewManagedMailbox(mailbox.id, now())).rejects.toMatchObject({ statusCode: 400 });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("malformed request: a bug in Herald, not a decline"), expect.objectContaining({ status: 400, param: "payment_method" }));
    expect((await getMailbox(actor, mailbox.id)).managed?.renewalProblem).toBeNull();
    expect(await db.billingPayment.count({ where: { key: { startsWith: `renewal:mailbox:${mailbox.id}:` }, status: "failed" } })).toBe(0);
  });
});

describe("the Stripe stand-in refuses what Stripe refuses", () => {
  it("refuses a renewal charge without the saved card's Customer, the card, or off_session with confirm", async () => {
    const { sessionId } = await paidMailbox(TEST_CARDS.paid);
    const session = fake.sessions.get(sessionId)!;
    const paymentMethod = String(fake.paymentIntents.get(String(session.payment_intent))!.payment_method);
    const stripe = stripeClient({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 });
    const base = { amount: 700, currency: "usd" };
    // The shape of issue 34: the card alone, confirmed, neither its Customer nor off_session.
    await expect(stripe.paymentIntents.create({ ...base, payment_method: paymentMethod, confirm: true })).rejects.toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", code: "parameter_missing", param: "customer" });
    await expect(stripe.paymentIntents.create({ ...base, customer: String(session.customer), confirm: true, off_session: true })).rejects.toMatchObject({ statusCode: 400, code: "parameter_missing", param: "payment_method" });
    await expect(stripe.paymentIntents.create({ ...base, customer: String(session.customer), payment_method: paymentMethod, off_session: true })).rejects.toMatchObject({ statusCode: 400, code: "parameter_missing", param: "confirm" });
    await expect(stripe.paymentIntents.create({ ...base, customer: "cus_other", payment_method: paymentMethod, confirm: true, off_session: true })).rejects.toMatchObject({ statusCode: 400, param: "payment_method" });
    const paid = await stripe.paymentIntents.create({ ...base, customer: String(session.customer), payment_method: paymentMethod, confirm: true, off_session: true });
    expect(paid.status).toBe("succeeded");
  });

  it("answers Stripe's test cards off-session: a decline and authentication required as 402 card errors", async () => {
    const stripe = stripeClient({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 });
    for (const [card, code, declineCode] of [
      [TEST_CARDS.declined, "card_declined", "generic_decline"],
      [TEST_CARDS.authenticationRequired, "authentication_required", "authentication_required"],
    ] as const) {
      const { sessionId } = await paidMailbox(card);
      const session = fake.sessions.get(sessionId)!;
      const paymentMethod = String(fake.paymentIntents.get(String(session.payment_intent))!.payment_method);
      const charge = stripe.paymentIntents.create({ amount: 700, currency: "usd", customer: String(session.customer), payment_method: paymentMethod, confirm: true, off_session: true });
      await expect(charge).rejects.toMatchObject({ statusCode: 402, type: "StripeCardError", code, decline_code: declineCode, payment_intent: { status: "requires_payment_method" } });
    }
  });
});
