// POST /api/billing/stripe/webhook – Stripe's signed events (not part of the public API:
// authenticated by the Stripe-Signature header over the raw body, see docs/mailbox-orders.md)
import { withBodyLimit } from "@/server/http/read-bounded-body";
import { receiveStripeWebhook } from "@/server/services/mailbox-orders/receive-stripe-webhook";

export const POST = withBodyLimit(async (request: Request): Promise<Response> => {
  const result = await receiveStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
  if (result.status === 400) return Response.json({ error: result.error }, { status: 400 });
  return Response.json({ received: true, handled: result.handled });
});
