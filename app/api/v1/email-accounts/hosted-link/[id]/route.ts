// GET /api/v1/email-accounts/hosted-link/{id} – read a mailbox hosted link's status
import { apiRoute } from "@/server/http/api-route";
import { getMailboxHostedLinkOperation } from "@/server/openapi/operations/mailbox-hosted-links/get-mailbox-hosted-link";
import { getMailboxHostedLink } from "@/server/services/mailbox-hosted-links/get-mailbox-hosted-link";

export const GET = apiRoute(getMailboxHostedLinkOperation, async ({ actor, params }) => ({ data: await getMailboxHostedLink(actor, params.id) }));
