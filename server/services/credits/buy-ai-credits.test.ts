// Buying AI credits through the billing provider (issue 30): the one way a workspace owner adds
// credits without an instance administrator. Sold only when the installation sets a price; the
// sandbox pays at once, Stripe through its signed webhook, and a redelivered event adds nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as stripeWebhook } from "@/app/api/billing/stripe/webhook/route";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { setBillingProvider } from "../../providers/billing";
import { createSandboxBilling } from "../../providers/billing/sandbox/sandbox-billing";
import { createStripeBilling } from "../../providers/billing/stripe/stripe-billing";
import { parseStripeForm, startStripeFake, type SignedEvent, type StripeFake } from "../../test/fakes/stripe-fake";
import { createTestWorkspace } from "../../test/factories";
import { buyAiCredits } from "./buy-ai-credits";
import { listCreditLedger } from "./list-credit-ledger";

let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake();
  process.env.HERALD_STRIPE_WEBHOOK_SECRET = fake.webhookSecret;
});

beforeEach(() => {
  process.env.HERALD_AI_CREDIT_PRICE_CENTS_PER_1000 = "1000";
  resetEnv();
  setBillingProvider(createSandboxBilling());
});

afterEach(() => setBillingProvider(undefined));

afterAll(async () => {
  delete process.env.HERALD_STRIPE_WEBHOOK_SECRET;
  delete process.env.HERALD_AI_CREDIT_PRICE_CENTS_PER_1000;
  resetEnv();
  await fake.close();
});

const deliver = (signed: SignedEvent) =>
  stripeWebhook(new Request("http://herald.test/api/billing/stripe/webhook", { method: "POST", headers: { "stripe-signature": signed.signature, "content-type": "application/json" }, body: signed.payload }));

describe("buying AI credits", () => {
  it("through the sandbox billing: paid at once, and the ledger says so", async () => {
    const { actor } = await createTestWorkspace();
    const bought = await buyAiCredits(actor, { amount: 1500 });
    expect(bought).toMatchObject({ status: "paid", entry: { amount: 1500, balanceAfter: 1500, reason: "grant", grantedBy: { source: "sandbox", name: "Sandbox billing" } } });
    expect(await db.billingPayment.findMany({ where: { workspaceId: actor.workspaceId }, select: { kind: true, credits: true, amountCents: true, status: true, provider: true } })).toEqual([
      { kind: "credits", credits: 1500, amountCents: 1500, status: "succeeded", provider: "sandbox" },
    ]);
    expect((await listCreditLedger(actor, { limit: 5, offset: 0 })).balance).toBe(1500);
  });

  it("is refused when the installation sells no credits, and to members who do not manage billing", async () => {
    const { actor } = await createTestWorkspace();
    const member = await createTestWorkspace({ role: "member" });
    await expect(buyAiCredits(member.actor, { amount: 100 })).rejects.toMatchObject({ status: 403, code: "not-allowed" });
    delete process.env.HERALD_AI_CREDIT_PRICE_CENTS_PER_1000;
    resetEnv();
    await expect(buyAiCredits(actor, { amount: 100 })).rejects.toMatchObject({
      status: 403,
      code: "credits-not-for-sale",
      message: "This installation does not sell AI credits: ask one of its instance administrators to grant some.",
    });
    expect(await db.billingPayment.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).aiCreditBalance).toBe(0);
  });

  it("through Stripe: Checkout first, the credits with the signed webhook, once", async () => {
    setBillingProvider(createStripeBilling({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 }));
    const { actor } = await createTestWorkspace();
    const started = await buyAiCredits(actor, { amount: 2000 });
    if (started.status !== "pending") throw new Error("Stripe answers with a Checkout page");
    const payment = await db.billingPayment.findFirstOrThrow({ where: { workspaceId: actor.workspaceId } });
    expect(started.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${payment.externalId}`);
    const create = fake.requests.find((request) => request.method === "POST" && request.path === "/v1/checkout/sessions")!;
    expect(parseStripeForm(create.body.toString())).toMatchObject({ client_reference_id: `credits:${payment.id}`, line_items: [{ price_data: { unit_amount: "2000" } }] });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).aiCreditBalance).toBe(0);

    const completed = fake.completeCheckout(payment.externalId!);
    expect(await (await deliver(completed)).json()).toEqual({ received: true, handled: true });
    expect(await (await deliver(completed)).json()).toEqual({ received: true, handled: false });
    const ledger = await listCreditLedger(actor, { limit: 5, offset: 0 });
    expect(ledger.balance).toBe(2000);
    expect(ledger.entries).toMatchObject([{ amount: 2000, grantedBy: { source: "stripe", name: "Billing (Stripe)" } }]);
  });

  it("through Stripe: a Checkout page that expires unpaid adds nothing, and its purchase is over", async () => {
    setBillingProvider(createStripeBilling({ secretKey: fake.secretKey, apiUrl: fake.apiUrl, maxNetworkRetries: 0 }));
    const { actor } = await createTestWorkspace();
    await buyAiCredits(actor, { amount: 100 });
    const payment = await db.billingPayment.findFirstOrThrow({ where: { workspaceId: actor.workspaceId } });
    expect(await (await deliver(fake.expireCheckout(payment.externalId!))).json()).toEqual({ received: true, handled: true });
    expect(await db.billingPayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "failed" });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).aiCreditBalance).toBe(0);
  });
});
