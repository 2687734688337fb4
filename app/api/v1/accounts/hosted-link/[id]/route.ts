// GET /api/v1/accounts/hosted-link/{id} – read a hosted connect link's status
import { apiRoute } from "@/server/http/api-route";
import { getSenderHostedLinkOperation } from "@/server/openapi/operations/senders/get-sender-hosted-link";
import { getSenderHostedLink } from "@/server/services/senders/get-sender-hosted-link";

export const GET = apiRoute(getSenderHostedLinkOperation, async ({ actor, params }) => ({ data: await getSenderHostedLink(actor, params.id) }));
