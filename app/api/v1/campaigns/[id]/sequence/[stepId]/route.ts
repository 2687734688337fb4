// PATCH /api/v1/campaigns/{id}/sequence/{stepId} – change one step's copy and media
import { apiRoute } from "@/server/http/api-route";
import { updateCampaignStepOperation } from "@/server/openapi/operations/campaigns/update-campaign-step";
import { updateCampaignStep } from "@/server/services/campaigns/update-campaign-step";

export const PATCH = apiRoute(updateCampaignStepOperation, async ({ actor, params, body }) => ({
  data: await updateCampaignStep(actor, params.id, params.stepId, body),
}));
