// POST /api/v1/campaigns/{id}/leads/{leadId}/resume – resume one lead
import { apiRoute } from "@/server/http/api-route";
import { resumeCampaignLeadOperation } from "@/server/openapi/operations/campaigns/resume-campaign-lead";
import { resumeCampaignLead } from "@/server/services/campaigns/resume-campaign-lead";

export const POST = apiRoute(resumeCampaignLeadOperation, async ({ actor, params }) => ({ data: await resumeCampaignLead(actor, params.id, params.leadId) }));
