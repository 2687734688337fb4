// POST /api/v1/campaigns/{id}/leads/{leadId}/pause – pause one lead
import { apiRoute } from "@/server/http/api-route";
import { pauseCampaignLeadOperation } from "@/server/openapi/operations/campaigns/pause-campaign-lead";
import { pauseCampaignLead } from "@/server/services/campaigns/pause-campaign-lead";

export const POST = apiRoute(pauseCampaignLeadOperation, async ({ actor, params }) => ({ data: await pauseCampaignLead(actor, params.id, params.leadId) }));
