// POST /api/v1/accounts – connect a LinkedIn sender
// GET /api/v1/accounts – list senders
import { apiRoute } from "@/server/http/api-route";
import { connectSenderOperation } from "@/server/openapi/operations/senders/connect-sender";
import { listSendersOperation } from "@/server/openapi/operations/senders/list-senders";
import { toConnectSenderResult } from "@/server/schemas/sender";
import { connectSender } from "@/server/services/senders/connect-sender";
import { listSenders } from "@/server/services/senders/list-senders";

export const POST = apiRoute(connectSenderOperation, async ({ actor, body }) => toConnectSenderResult(await connectSender(actor, body, { via: "api" })));

export const GET = apiRoute(listSendersOperation, async ({ actor, query }) => {
  const { senders, total } = await listSenders(actor, query);
  return { data: senders, paging: { limit: query.limit, offset: query.offset, total } };
});
