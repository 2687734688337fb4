// POST /api/providers/unipile/webhook – Unipile's webhooks and hosted sign-in notifications (not
// part of the public API: authenticated by Unipile's header, see docs/unipile.md)
import { withBodyLimit } from "@/server/http/read-bounded-body";
import { receiveUnipileWebhook } from "@/server/services/linkedin-activity/receive-unipile-webhook";

export const POST = withBodyLimit(async (request: Request): Promise<Response> => {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "The body is not JSON" }, { status: 400 });
  }
  const result = await receiveUnipileWebhook(request.headers, body);
  return Response.json({ accepted: result.accepted }, { status: result.authenticated ? 200 : 401 });
});
