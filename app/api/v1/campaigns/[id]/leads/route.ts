// POST /api/v1/campaigns/{id}/leads – add leads
// GET /api/v1/campaigns/{id}/leads – leads with their progress
import { apiRoute } from "@/server/http/api-route";
import { addCampaignLeadsOperation } from "@/server/openapi/operations/campaigns/add-campaign-leads";
import { listCampaignLeadsOperation } from "@/server/openapi/operations/campaigns/list-campaign-leads";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { listCampaignLeads } from "@/server/services/campaigns/list-campaign-leads";

export const POST = apiRoute(addCampaignLeadsOperation, async ({ actor, params, body }) => ({ data: await addCampaignLeads(actor, params.id, body) }));

export const GET = apiRoute(listCampaignLeadsOperation, async ({ actor, params, query }) => {
  const { leads, total, nextCursor } = await listCampaignLeads(actor, params.id, query);
  return { data: leads, paging: { limit: query.limit, offset: query.offset, total, nextCursor } };
});
