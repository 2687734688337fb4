// POST /api/v1/email-accounts/hosted-link – create a hosted link to connect a Google or Microsoft mailbox
import { apiRoute } from "@/server/http/api-route";
import { createMailboxHostedLinkOperation } from "@/server/openapi/operations/mailbox-hosted-links/create-mailbox-hosted-link";
import { createMailboxHostedLink } from "@/server/services/mailbox-hosted-links/create-mailbox-hosted-link";

export const POST = apiRoute(createMailboxHostedLinkOperation, async ({ actor, body }) => ({ data: await createMailboxHostedLink(actor, body) }));
