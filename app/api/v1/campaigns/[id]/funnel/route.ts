// GET /api/v1/campaigns/{id}/funnel – the funnel overall and per A/B variant
import { apiRoute } from "@/server/http/api-route";
import { getCampaignFunnelOperation } from "@/server/openapi/operations/campaigns/get-campaign-funnel";
import { getCampaignFunnel } from "@/server/services/campaigns/get-campaign-funnel";

export const GET = apiRoute(getCampaignFunnelOperation, async ({ actor, params }) => ({ data: await getCampaignFunnel(actor, params.id) }));
