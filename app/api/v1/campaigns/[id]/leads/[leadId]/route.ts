// GET /api/v1/campaigns/{id}/leads/{leadId} – one lead's progress
import { apiRoute } from "@/server/http/api-route";
import { getCampaignLeadOperation } from "@/server/openapi/operations/campaigns/get-campaign-lead";
import { getCampaignLead } from "@/server/services/campaigns/get-campaign-lead";

export const GET = apiRoute(getCampaignLeadOperation, async ({ actor, params }) => ({ data: await getCampaignLead(actor, params.id, params.leadId) }));
