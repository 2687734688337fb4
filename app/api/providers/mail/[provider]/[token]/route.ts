// POST /api/providers/mail/{provider}/{token} – an e-mail API provider's webhook for one mailbox
// (not part of the public API: authenticated by the provider's own check, see docs/email-api-providers.md)
import { withBodyLimit } from "@/server/http/read-bounded-body";
import { toErrorBody } from "@/server/lib/errors";
import { logger } from "@/server/lib/logger";
import { receiveMailProviderWebhook } from "@/server/services/mail/provider-webhooks/receive-mail-provider-webhook";

export const POST = withBodyLimit(async (request: Request, context: { params: Promise<{ provider: string; token: string }> }): Promise<Response> => {
  const { provider, token } = await context.params;
  try {
    const result = await receiveMailProviderWebhook(provider, token, {
      rawBody: await request.text(),
      headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
      url: request.url,
    });
    return Response.json({ received: true, kind: result.kind, outcomes: result.outcomes });
  } catch (error) {
    const { status, body } = toErrorBody(error);
    // The provider retries a 5xx; the cause is ours to find.
    if (status >= 500) logger.error("An e-mail provider's webhook failed", { provider, error });
    return Response.json(body, { status });
  }
});
