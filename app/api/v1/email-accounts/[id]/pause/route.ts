// POST /api/v1/email-accounts/{id}/pause – pause a mailbox
import { apiRoute } from "@/server/http/api-route";
import { pauseMailboxOperation } from "@/server/openapi/operations/mailboxes/pause-mailbox";
import { pauseMailbox } from "@/server/services/mailboxes/pause-mailbox";

export const POST = apiRoute(pauseMailboxOperation, async ({ actor, params }) => ({ data: await pauseMailbox(actor, params.id) }));
