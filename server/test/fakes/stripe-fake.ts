// A local stand-in for Stripe's API in tests: real HTTP on loopback, form-encoded requests read the
// way Stripe reads them (`line_items[0][price_data][currency]`), answers in Stripe's documented JSON
// shapes (checkout.session, payment_intent, refund, error), the secret key checked, Idempotency-Key
// honoured (the same key answers the first answer again). The test plays the customer
// (completeCheckout, expireCheckout) and gets the signed webhook Stripe would send.
//
// It refuses what Stripe refuses, so a test catches a call Stripe would answer 400 (sources, from
// the stripe-node 23.x types that carry Stripe's API reference, node_modules/stripe/esm/resources):
// - PaymentIntents.d.ts, `off_session`: "This parameter can only be used with confirm=true".
// - Checkout/Sessions.d.ts, `payment_intent_data.setup_future_usage`: "If a Customer has been provided
//   or Checkout creates a new Customer, Checkout will attach the payment method to the Customer. If
//   Checkout does not create a Customer, the payment method is not attached to a Customer". So only a
//   Session with setup_future_usage and a customer (given, or customer_creation=always) leaves a card
//   that can be charged later; Stripe refuses to reuse any other card ("To use a PaymentMethod
//   multiple times, you must attach it to a Customer first", docs.stripe.com/payments/save-during-payment).
// - A confirmation needs a payment method, and a card attached to a Customer is used with that
//   Customer only (PaymentIntents.d.ts, `customer`/`payment_method`); Stripe answers 400
//   invalid_request_error with code `parameter_missing` and the `param` (docs.stripe.com/error-codes).
// - Off-session outcomes of Stripe's test cards (docs.stripe.com/testing): 4000000000000002 is
//   declined (`card_declined`, decline_code `generic_decline`), 4000000000009995 for insufficient
//   funds, 4000002760003184 needs authentication on every payment, so an off-session charge fails
//   with code `authentication_required`; each as a 402 `card_error` whose PaymentIntent is left in
//   `requires_payment_method` (docs.stripe.com/payments/save-during-payment, "Charge the saved
//   payment method later").
import { createHmac, randomBytes } from "node:crypto";
import { now } from "../../lib/clock";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";

type Params = { [name: string]: string | Params | Params[] | string[] };
type StripeObject = Record<string, unknown> & { id: string };

/** Reads `a[b][0][c]=1` into `{a: {b: [{c: "1"}]}}`, as Stripe does. */
export function parseStripeForm(text: string): Params {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const parts = name.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, arrays(inner)] as const);
    if (entries.length && entries.every(([key]) => /^\d+$/.test(key))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

export interface StripeFake {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  requests: FakeRequest[];
  sessions: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  refunds: StripeObject[];
  /** Saved cards: the card number the customer paid with, the Customer it is attached to (or none). */
  paymentMethods: Map<string, { card: TestCard; customer: string | null }>;
  /** Refund calls answer 500 while set. */
  failRefunds: boolean;
  /**
   * The customer pays on the Checkout page (with `card`, one of Stripe's test cards, 4242… by
   * default): the Session completes and its signed event is returned.
   */
  completeCheckout(sessionId: string, options?: { card?: TestCard }): SignedEvent;
  /** The Checkout page is left until it expires. */
  expireCheckout(sessionId: string): SignedEvent;
  /** Signs any payload as Stripe signs webhooks. */
  sign(payload: string): string;
  /** POSTs a signed event to a webhook endpoint over HTTP, as Stripe does; answers the endpoint's status. */
  send(endpoint: string, signed: SignedEvent): Promise<number>;
  close(): Promise<void>;
}

/** Stripe's test cards (docs.stripe.com/testing) and what they do to a later off-session charge. */
export const TEST_CARDS = {
  paid: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  authenticationRequired: "4000002760003184",
} as const;
export type TestCard = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

const OFF_SESSION_FAILURES: Partial<Record<TestCard, { code: string; decline_code: string; message: string }>> = {
  [TEST_CARDS.declined]: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  [TEST_CARDS.insufficientFunds]: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  [TEST_CARDS.authenticationRequired]: { code: "authentication_required", decline_code: "authentication_required", message: "Your card was declined. This transaction requires authentication." },
};

export interface SignedEvent {
  payload: string;
  signature: string;
  event: StripeObject;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const seconds = () => Math.floor(now().getTime() / 1000);

function error(status: number, type: string, message: string, extra: Record<string, unknown> = {}): FakeAnswer {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startStripeFake(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(8).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const sessions = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const paymentMethods = new Map<string, { card: TestCard; customer: string | null }>();
  const idempotent = new Map<string, FakeAnswer>();
  let http: LocalHttpFake | null = null;

  const fake: StripeFake = {
    apiUrl: "",
    secretKey,
    webhookSecret,
    requests: [],
    sessions,
    paymentIntents,
    refunds,
    paymentMethods,
    failRefunds: false,
    completeCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === "open") {
        const customer = typeof session.customer === "string" ? session.customer : session.customer_creation === "always" ? newId("cus") : null;
        const paymentMethod = newId("pm");
        // Attached (reusable) only when the Session saves it for later and has a Customer.
        paymentMethods.set(paymentMethod, { card: options.card ?? TEST_CARDS.paid, customer: session.setup_future_usage && customer ? customer : null });
        const intent = paymentIntentObject({
          amount: session.amount_total,
          currency: session.currency,
          customer,
          payment_method: paymentMethod,
          setup_future_usage: session.setup_future_usage,
          status: "succeeded",
          metadata: session.metadata,
        });
        Object.assign(session, { status: "complete", payment_status: "paid", customer, payment_intent: intent.id });
      }
      return event("checkout.session.completed", session);
    },
    expireCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "expired", url: null });
      return event("checkout.session.expired", session);
    },
    sign(payload) {
      const t = seconds();
      return `t=${t},v1=${createHmac("sha256", webhookSecret).update(`${t}.${payload}`).digest("hex")}`;
    },
    async send(endpoint, signed) {
      const response = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signed.signature }, body: signed.payload });
      await response.body?.cancel();
      return response.status;
    },
    close: () => http?.close() ?? Promise.resolve(),
  };

  function event(type: string, object: StripeObject): SignedEvent {
    const body = { id: newId("evt"), object: "event", api_version: "2026-10-28.endive", created: seconds(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
    const payload = JSON.stringify(body, null, 2);
    return { payload, signature: fake.sign(payload), event: body };
  }

  function paymentIntentObject(fields: Record<string, unknown>): StripeObject {
    const intent: StripeObject = { id: newId("pi"), object: "payment_intent", created: seconds(), livemode: false, last_payment_error: null, description: null, metadata: {}, ...fields };
    paymentIntents.set(intent.id, intent);
    return intent;
  }

  function expand(object: StripeObject, params: Params): StripeObject {
    const wanted = ([] as unknown[]).concat(params.expand ?? []);
    if (!wanted.includes("payment_intent") || typeof object.payment_intent !== "string") return object;
    return { ...object, payment_intent: paymentIntents.get(object.payment_intent) ?? null };
  }

  function createSession(params: Params): FakeAnswer {
    const items = params.line_items as Params[] | undefined;
    const price = items?.[0]?.price_data as Params | undefined;
    if (params.mode !== "payment" || !price || !params.success_url) return error(400, "invalid_request_error", "Missing required param: line_items[0][price_data], mode or success_url.", { code: "parameter_missing" });
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const quantity = Number(items![0]!.quantity ?? 1);
    const session: StripeObject = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(price.unit_amount) * quantity,
      currency: price.currency,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_creation: params.customer_creation ?? null,
      setup_future_usage: (params.payment_intent_data as Params | undefined)?.setup_future_usage ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      created: seconds(),
      expires_at: seconds() + 86_400,
      livemode: false,
    };
    sessions.set(id, session);
    return { body: session };
  }

  function createRefund(params: Params): FakeAnswer {
    if (fake.failRefunds) return error(500, "api_error", "An unknown error occurred");
    const intent = paymentIntents.get(String(params.payment_intent));
    if (!intent) return error(404, "invalid_request_error", `No such payment_intent: '${String(params.payment_intent)}'`, { code: "resource_missing" });
    const already = refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + Number(refund.amount), 0);
    const amount = params.amount === undefined ? Number(intent.amount) - already : Number(params.amount);
    if (already + amount > Number(intent.amount)) return error(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge`, { code: "amount_too_large" });
    const refund: StripeObject = { id: newId("re"), object: "refund", amount, currency: intent.currency, payment_intent: intent.id, status: "succeeded", created: seconds() };
    refunds.push(refund);
    return { body: refund };
  }

  function missing(param: string, message: string): FakeAnswer {
    return error(400, "invalid_request_error", message, { code: "parameter_missing", param });
  }

  function createPaymentIntent(params: Params): FakeAnswer {
    const fields = { amount: Number(params.amount), currency: params.currency, customer: params.customer ?? null, payment_method: params.payment_method ?? null, description: params.description ?? null, metadata: params.metadata ?? {} };
    const confirm = params.confirm === "true";
    const offSession = params.off_session === "true";
    if (offSession && !confirm) return missing("confirm", "off_session can only be used with confirm=true.");
    if (!confirm) return { body: paymentIntentObject({ ...fields, status: "requires_confirmation" }) };
    if (typeof params.payment_method !== "string") return missing("payment_method", "You cannot confirm this PaymentIntent because it's missing a payment method.");
    const saved = paymentMethods.get(params.payment_method);
    if (!saved) return error(400, "invalid_request_error", `No such PaymentMethod: '${params.payment_method}'`, { code: "resource_missing", param: "payment_method" });
    if (!saved.customer) {
      return error(400, "invalid_request_error", "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.", { param: "payment_method" });
    }
    if (typeof params.customer !== "string") return missing("customer", "The provided PaymentMethod is attached to a Customer: pass that Customer with it.");
    if (params.customer !== saved.customer) return error(400, "invalid_request_error", `The provided PaymentMethod does not belong to the Customer '${params.customer}'.`, { param: "payment_method" });
    const failure = OFF_SESSION_FAILURES[saved.card];
    // Without off_session Stripe takes the customer to be there: a card that asks for authentication
    // leaves the PaymentIntent in `requires_action`, waiting for them (PaymentIntents.d.ts, confirm).
    if (!offSession && failure?.code === "authentication_required") return { body: paymentIntentObject({ ...fields, status: "requires_action", next_action: { type: "use_stripe_sdk" } }) };
    if (failure) {
      const last = { type: "card_error", ...failure };
      const intent = paymentIntentObject({ ...fields, status: "requires_payment_method", last_payment_error: last });
      return error(402, "card_error", last.message, { code: last.code, decline_code: last.decline_code, payment_intent: intent });
    }
    return { body: paymentIntentObject({ ...fields, status: "succeeded" }) };
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${secretKey}`) return error(401, "invalid_request_error", "Invalid API Key provided");
    const params = parseStripeForm(request.method === "GET" ? request.query.toString() : request.body.toString("utf8"));
    const [, version, resource, second, third] = request.path.split("/");
    if (version !== "v1") return error(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path})`);
    const key = request.method === "POST" ? request.headers["idempotency-key"] : undefined;
    const answer = (): FakeAnswer => {
      if (request.method === "POST" && resource === "checkout" && second === "sessions" && !third) return createSession(params);
      if (request.method === "GET" && resource === "checkout" && second === "sessions" && third) {
        const session = sessions.get(third);
        return session ? { body: expand(session, params) } : error(404, "invalid_request_error", `No such checkout.session: '${third}'`, { code: "resource_missing" });
      }
      if (request.method === "POST" && resource === "refunds") return createRefund(params);
      if (request.method === "POST" && resource === "payment_intents" && !second) return createPaymentIntent(params);
      if (request.method === "GET" && resource === "payment_intents" && second) {
        const intent = paymentIntents.get(second);
        return intent ? { body: intent } : error(404, "invalid_request_error", `No such payment_intent: '${second}'`, { code: "resource_missing" });
      }
      return error(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path})`);
    };
    if (typeof key !== "string") return answer();
    const stored = idempotent.get(key);
    if (stored) return { ...stored, headers: { ...stored.headers, "idempotent-replayed": "true" } };
    const fresh = answer();
    // Stripe does not save answers to requests that failed on its side, so those may be retried.
    if ((fresh.status ?? 200) < 500) idempotent.set(key, fresh);
    return fresh;
  }

  http = await startLocalHttpFake(route);
  fake.apiUrl = http.url;
  fake.requests = http.requests;
  return fake;
}
