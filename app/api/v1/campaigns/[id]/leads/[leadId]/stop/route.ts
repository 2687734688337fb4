// POST /api/v1/campaigns/{id}/leads/{leadId}/stop – stop one lead
import { apiRoute } from "@/server/http/api-route";
import { stopCampaignLeadOperation } from "@/server/openapi/operations/campaigns/stop-campaign-lead";
import { stopCampaignLead } from "@/server/services/campaigns/stop-campaign-lead";

export const POST = apiRoute(stopCampaignLeadOperation, async ({ actor, params }) => ({ data: await stopCampaignLead(actor, params.id, params.leadId) }));
