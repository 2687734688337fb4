// POST /api/sandbox/webhook-receiver/<token> – the Sandbox's built-in webhook receiver (not part of
// the public API: the token is the address, it only records what arrives; see docs/sandbox.md)
import { readBoundedBody } from "@/server/http/read-bounded-body";
import { toErrorBody } from "@/server/lib/errors";
import { SANDBOX_ARRIVAL_BODY_BYTES } from "@/server/services/webhooks/sandbox-receiver/record-sandbox-webhook-arrival";
import { receiveSandboxWebhook } from "@/server/services/webhooks/sandbox-receiver/receive-sandbox-webhook";

type Context = { params: Promise<{ token: string }> };

export async function POST(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  let body: string;
  try {
    body = await readBoundedBody(request, SANDBOX_ARRIVAL_BODY_BYTES);
  } catch (error) {
    const { status, body: errorBody } = toErrorBody(error);
    return Response.json(errorBody, { status });
  }
  const answer = await receiveSandboxWebhook({ token, headers: Object.fromEntries(request.headers), body });
  return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
}
