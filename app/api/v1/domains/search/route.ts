// POST /api/v1/domains/search – domains to buy, with their availability and price (extension)
import { apiRoute } from "@/server/http/api-route";
import { searchDomainsOperation } from "@/server/openapi/operations/mailbox-orders/search-domains";
import { searchDomains } from "@/server/services/mailbox-orders/search-domains";

export const POST = apiRoute(searchDomainsOperation, async ({ actor, body }) => ({ data: await searchDomains(actor, body) }));
