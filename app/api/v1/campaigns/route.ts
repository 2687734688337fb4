// POST /api/v1/campaigns – create a campaign
// GET /api/v1/campaigns – list campaigns
import { apiRoute } from "@/server/http/api-route";
import { createCampaignOperation } from "@/server/openapi/operations/campaigns/create-campaign";
import { listCampaignsOperation } from "@/server/openapi/operations/campaigns/list-campaigns";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { listCampaigns } from "@/server/services/campaigns/list-campaigns";

export const POST = apiRoute(createCampaignOperation, async ({ actor, body }) => ({ data: await createCampaign(actor, body) }));

export const GET = apiRoute(listCampaignsOperation, async ({ actor, query }) => {
  const { campaigns, total } = await listCampaigns(actor, query);
  return { data: campaigns, paging: { limit: query.limit, offset: query.offset, total } };
});
