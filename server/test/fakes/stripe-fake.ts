// A local stand-in for Stripe's API in tests: real HTTP on loopback, form-encoded requests read the
// way Stripe reads them (`line_items[0][price_data][currency]`), answers in Stripe's documented JSON
// shapes (checkout.session, payment_intent, refund, error), the secret key checked, Idempotency-Key
// honoured (the same key answers the first answer again). The test plays the customer
// (completeCheckout, expireCheckout) and gets the signed webhook Stripe would send.
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
  /** Off-session charges are declined (insufficient funds) while set. */
  declineOffSession: boolean;
  /** Refund calls answer 500 while set. */
  failRefunds: boolean;
  /** The customer pays on the Checkout page: the Session completes and its signed event is returned. */
  completeCheckout(sessionId: string): SignedEvent;
  /** The Checkout page is left until it expires. */
  expireCheckout(sessionId: string): SignedEvent;
  /** Signs any payload as Stripe signs webhooks. */
  sign(payload: string): string;
  /** POSTs a signed event to a webhook endpoint over HTTP, as Stripe does; answers the endpoint's status. */
  send(endpoint: string, signed: SignedEvent): Promise<number>;
  close(): Promise<void>;
}

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
    declineOffSession: false,
    failRefunds: false,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === "open") {
        const customer = newId("cus");
        const intent = paymentIntentObject({
          amount: session.amount_total,
          currency: session.currency,
          customer,
          payment_method: newId("pm"),
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
      customer: null,
      customer_creation: params.customer_creation ?? null,
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

  function createPaymentIntent(params: Params): FakeAnswer {
    const fields = { amount: Number(params.amount), currency: params.currency, customer: params.customer ?? null, payment_method: params.payment_method ?? null, description: params.description ?? null, metadata: params.metadata ?? {} };
    if (params.confirm === "true" && params.off_session === "true" && fake.declineOffSession) {
      const last = { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." };
      const intent = paymentIntentObject({ ...fields, status: "requires_payment_method", last_payment_error: last });
      return error(402, "card_error", last.message, { code: last.code, decline_code: last.decline_code, payment_intent: intent });
    }
    return { body: paymentIntentObject({ ...fields, status: params.confirm === "true" ? "succeeded" : "requires_confirmation" }) };
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
