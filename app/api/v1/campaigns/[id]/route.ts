// GET /api/v1/campaigns/{id} – campaign detail with step and variant ids
// PATCH /api/v1/campaigns/{id} – update a campaign
// DELETE /api/v1/campaigns/{id} – delete a campaign
import { apiRoute } from "@/server/http/api-route";
import { deleteCampaignOperation } from "@/server/openapi/operations/campaigns/delete-campaign";
import { getCampaignOperation } from "@/server/openapi/operations/campaigns/get-campaign";
import { updateCampaignOperation } from "@/server/openapi/operations/campaigns/update-campaign";
import { deleteCampaign } from "@/server/services/campaigns/delete-campaign";
import { getCampaign } from "@/server/services/campaigns/get-campaign";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";

export const GET = apiRoute(getCampaignOperation, async ({ actor, params }) => ({ data: await getCampaign(actor, params.id) }));

export const PATCH = apiRoute(updateCampaignOperation, async ({ actor, params, body }) => ({ data: await updateCampaign(actor, params.id, body) }));

export const DELETE = apiRoute(deleteCampaignOperation, async ({ actor, params }) => ({ data: await deleteCampaign(actor, params.id) }));
