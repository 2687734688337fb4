// POST /api/v1/email-accounts/{id}/cancel-managed – cancel a managed mailbox at its renewal date
import { apiRoute } from "@/server/http/api-route";
import { cancelManagedMailboxOperation } from "@/server/openapi/operations/mailboxes/cancel-managed-mailbox";
import { cancelManagedMailbox } from "@/server/services/managed-mailboxes/cancel-managed-mailbox";

export const POST = apiRoute(cancelManagedMailboxOperation, async ({ actor, params, body }) => ({
  data: await cancelManagedMailbox(actor, params.id, body),
}));
