// Stripe as the billing provider: an order is paid on a Stripe Checkout page (a Session in payment
// mode that also saves the card for renewals), reported back by the signed webhook
// (app/api/billing/stripe/webhook); refunds and off-session renewal charges go to the Session's
// PaymentIntent. Every call carries Stripe's Idempotency-Key, so a retry never charges twice.
import Stripe from "stripe";
import { logger } from "../../../lib/logger";
import type { BillingProvider } from "../types";

export interface StripeBillingOptions {
  secretKey: string;
  /** Stripe's API address; a local stand-in in tests. */
  apiUrl?: string;
  maxNetworkRetries?: number;
}

export function stripeClient(options: StripeBillingOptions): Stripe {
  const address = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === "http:" ? 80 : 443),
          protocol: address.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function withQuery(url: string, name: string, value: string): string {
  const address = new URL(url);
  address.searchParams.set(name, value);
  // Stripe fills in the placeholder itself; URL encoding would hide it.
  return address.toString().replace(encodeURIComponent("{CHECKOUT_SESSION_ID}"), "{CHECKOUT_SESSION_ID}");
}

/**
 * Why an off-session charge failed, in plain words, from Stripe's card error: `authentication_required`
 * when the bank wants the card holder to confirm the payment themselves, `card_declined` with its
 * `decline_code` otherwise (docs.stripe.com/payments/save-during-payment, "Charge the saved payment
 * method later"; docs.stripe.com/declines/codes).
 */
export function chargeFailureInWords(error: { code?: string | null; decline_code?: string | null }): string {
  if (error.code === "authentication_required" || error.decline_code === "authentication_required") {
    return "the card's bank asks the card holder to confirm this payment themselves, which Herald cannot do for them (authentication required); the bank can allow such payments";
  }
  const reason = error.decline_code && error.decline_code !== "generic_decline" ? ` (${error.decline_code.replace(/_/g, " ")})` : "";
  return `the card was declined${reason}; the bank that issued it can say why`;
}

function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Stripe.errors.StripeError && error.type === "StripeCardError";
}

/** A request Stripe refused as malformed (400) is Herald's bug, never the customer's decline: logged as such and thrown. */
function logRefusedRequest(error: unknown, what: string): void {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return;
  logger.error(`Stripe refused ${what} as a malformed request: a bug in Herald, not a decline`, {
    status: error.statusCode,
    code: error.code,
    param: error.param,
    message: error.message,
    requestId: error.requestId,
  });
}

export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  const stripe = stripeClient(options);

  async function paymentIntentOf(sessionId: string): Promise<Stripe.PaymentIntent> {
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
    const intent = session.payment_intent;
    if (!intent || typeof intent === "string") throw new Error(`The Stripe Checkout Session ${sessionId} has no payment yet`);
    return intent;
  }

  return {
    name: "stripe",
    async startPayment(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: input.currency, unit_amount: input.amountCents, product_data: { name: input.description } } }],
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId, workspaceId: input.workspaceId },
          payment_intent_data: { setup_future_usage: "off_session", metadata: { orderId: input.orderId, workspaceId: input.workspaceId } },
          customer_creation: "always",
          success_url: withQuery(input.returnUrl, "checkout", "{CHECKOUT_SESSION_ID}"),
          cancel_url: withQuery(input.returnUrl, "checkout", "cancelled"),
        },
        { idempotencyKey: input.key },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a payment page");
      return { status: "pending", paymentId: session.id, checkoutUrl: session.url };
    },

    async refund(input) {
      const intent = await paymentIntentOf(input.paymentId);
      const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: input.amountCents }, { idempotencyKey: input.key });
      return { refundId: refund.id };
    },

    async chargeRenewal(input) {
      const original = await paymentIntentOf(input.paymentId);
      const customer = idOf(original.customer);
      const paymentMethod = idOf(original.payment_method);
      if (!customer || !paymentMethod) {
        return { chargeId: original.id, status: "failed", failure: "No saved card to charge: the order's payment did not keep one." };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { workspaceId: input.workspaceId },
          },
          { idempotencyKey: input.key },
        );
        if (intent.status === "succeeded" || intent.status === "processing") return { chargeId: intent.id, status: "succeeded", failure: null };
        if (intent.status === "requires_action") return { chargeId: intent.id, status: "failed", failure: chargeFailureInWords({ code: "authentication_required" }) };
        return { chargeId: intent.id, status: "failed", failure: chargeFailureInWords(intent.last_payment_error ?? {}) };
      } catch (error) {
        if (isCardError(error)) return { chargeId: error.payment_intent?.id ?? input.key, status: "failed", failure: chargeFailureInWords(error) };
        logRefusedRequest(error, `the renewal charge ${input.key}`);
        throw error;
      }
    },
  };
}
