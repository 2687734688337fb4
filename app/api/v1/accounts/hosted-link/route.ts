// POST /api/v1/accounts/hosted-link – create a hosted connect link
import { apiRoute } from "@/server/http/api-route";
import { createSenderHostedLinkOperation } from "@/server/openapi/operations/senders/create-sender-hosted-link";
import { createSenderHostedLink } from "@/server/services/senders/create-sender-hosted-link";

export const POST = apiRoute(createSenderHostedLinkOperation, async ({ actor, body }) => ({ data: await createSenderHostedLink(actor, body) }));
