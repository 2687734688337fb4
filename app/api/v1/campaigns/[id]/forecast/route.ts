// GET /api/v1/campaigns/{id}/forecast – when each lead will be reached, actions per day, finish date
import { apiRoute } from "@/server/http/api-route";
import { forecastCampaignOperation } from "@/server/openapi/operations/campaigns/forecast-campaign";
import { forecastCampaign } from "@/server/services/campaigns/forecast-campaign";

export const GET = apiRoute(forecastCampaignOperation, async ({ actor, params, query }) => ({ data: await forecastCampaign(actor, params.id, query) }));
