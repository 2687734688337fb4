// GET /api/v1/email-accounts/{id}/performance – a mailbox's sent, replies and bounces over the last N days
import { apiRoute } from "@/server/http/api-route";
import { getMailboxPerformanceOperation } from "@/server/openapi/operations/mailboxes/get-mailbox-performance";
import { getMailboxPerformance } from "@/server/services/mailboxes/get-mailbox-performance";

export const GET = apiRoute(getMailboxPerformanceOperation, async ({ actor, params, query }) => ({
  data: await getMailboxPerformance(actor, params.id, query),
}));
