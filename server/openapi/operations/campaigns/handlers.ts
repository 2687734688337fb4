// The handlers of the campaigns operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { addCampaignLeads } from "../../../services/campaigns/add-campaign-leads";
import { createCampaign } from "../../../services/campaigns/create-campaign";
import { deleteCampaign } from "../../../services/campaigns/delete-campaign";
import { forecastCampaign } from "../../../services/campaigns/forecast-campaign";
import { getCampaign } from "../../../services/campaigns/get-campaign";
import { getCampaignFunnel } from "../../../services/campaigns/get-campaign-funnel";
import { getCampaignExperiments } from "../../../services/campaigns/experiments/get-campaign-experiments";
import { getCampaignLead } from "../../../services/campaigns/get-campaign-lead";
import { getLeadTimeline } from "../../../services/campaigns/get-lead-timeline";
import { listCampaignLeads } from "../../../services/campaigns/list-campaign-leads";
import { listCampaigns } from "../../../services/campaigns/list-campaigns";
import { pauseCampaignLead } from "../../../services/campaigns/pause-campaign-lead";
import { rebalanceCampaignSender } from "../../../services/campaigns/rebalance-campaign-sender";
import { resumeCampaignLead } from "../../../services/campaigns/resume-campaign-lead";
import { stopCampaignLead } from "../../../services/campaigns/stop-campaign-lead";
import { markCampaignLeadOutcome } from "../../../services/campaigns/set-campaign-lead-outcome";
import { updateCampaign } from "../../../services/campaigns/update-campaign";
import { updateCampaignStep } from "../../../services/campaigns/update-campaign-step";
import { addCampaignLeadsOperation } from "./add-campaign-leads";
import { createCampaignOperation } from "./create-campaign";
import { deleteCampaignOperation } from "./delete-campaign";
import { forecastCampaignOperation } from "./forecast-campaign";
import { getCampaignOperation } from "./get-campaign";
import { getCampaignFunnelOperation } from "./get-campaign-funnel";
import { getCampaignExperimentsOperation } from "./get-campaign-experiments";
import { getCampaignLeadOperation } from "./get-campaign-lead";
import { getCampaignLeadTimelineOperation } from "./get-campaign-lead-timeline";
import { listCampaignLeadsOperation } from "./list-campaign-leads";
import { listCampaignsOperation } from "./list-campaigns";
import { pauseCampaignLeadOperation } from "./pause-campaign-lead";
import { rebalanceCampaignSenderOperation } from "./rebalance-campaign-sender";
import { resumeCampaignLeadOperation } from "./resume-campaign-lead";
import { stopCampaignLeadOperation } from "./stop-campaign-lead";
import { setCampaignLeadOutcomeOperation } from "./set-campaign-lead-outcome";
import { updateCampaignOperation } from "./update-campaign";
import { updateCampaignStepOperation } from "./update-campaign-step";

export const campaignsHandlers = [
  // GET /api/v1/campaigns – list campaigns
  apiHandler(listCampaignsOperation, async ({ actor, query }) => {
    const { campaigns, total } = await listCampaigns(actor, query);
    return { data: campaigns, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/campaigns – create a campaign
  apiHandler(createCampaignOperation, async ({ actor, body }) => ({ data: await createCampaign(actor, body) })),
  // GET /api/v1/campaigns/{id} – campaign detail with step and variant ids
  apiHandler(getCampaignOperation, async ({ actor, params }) => ({ data: await getCampaign(actor, params.id) })),
  // PATCH /api/v1/campaigns/{id} – update a campaign
  apiHandler(updateCampaignOperation, async ({ actor, params, body }) => ({ data: await updateCampaign(actor, params.id, body) })),
  // DELETE /api/v1/campaigns/{id} – delete a campaign
  apiHandler(deleteCampaignOperation, async ({ actor, params }) => ({ data: await deleteCampaign(actor, params.id) })),
  // GET /api/v1/campaigns/{id}/forecast – when each lead will be reached, actions per day, finish date
  apiHandler(forecastCampaignOperation, async ({ actor, params, query }) => ({ data: await forecastCampaign(actor, params.id, query) })),
  // GET /api/v1/campaigns/{id}/funnel – the funnel overall and per A/B variant
  apiHandler(getCampaignFunnelOperation, async ({ actor, params }) => ({ data: await getCampaignFunnel(actor, params.id) })),
  // GET /api/v1/campaigns/{id}/experiments – the A/B tests per step with variants, judged in words
  apiHandler(getCampaignExperimentsOperation, async ({ actor, params }) => ({ data: await getCampaignExperiments(actor, params.id) })),
  // GET /api/v1/campaigns/{id}/leads – leads with their progress
  apiHandler(listCampaignLeadsOperation, async ({ actor, params, query }) => {
    const { leads, total, nextCursor } = await listCampaignLeads(actor, params.id, query);
    return { data: leads, paging: { limit: query.limit, offset: query.offset, total, nextCursor } };
  }),
  // POST /api/v1/campaigns/{id}/leads – add leads
  apiHandler(addCampaignLeadsOperation, async ({ actor, params, body }) => ({ data: await addCampaignLeads(actor, params.id, body) })),
  // GET /api/v1/campaigns/{id}/leads/{leadId} – one lead's progress
  apiHandler(getCampaignLeadOperation, async ({ actor, params }) => ({ data: await getCampaignLead(actor, params.id, params.leadId) })),
  // GET /api/v1/campaigns/{id}/leads/{leadId}/timeline – the lead page: its timeline in the campaign
  apiHandler(getCampaignLeadTimelineOperation, async ({ actor, params }) => ({ data: await getLeadTimeline(actor, params.id, params.leadId) })),
  // POST /api/v1/campaigns/{id}/leads/{leadId}/pause – pause one lead
  apiHandler(pauseCampaignLeadOperation, async ({ actor, params }) => ({ data: await pauseCampaignLead(actor, params.id, params.leadId) })),
  // POST /api/v1/campaigns/{id}/leads/{leadId}/resume – resume one lead
  apiHandler(resumeCampaignLeadOperation, async ({ actor, params }) => ({ data: await resumeCampaignLead(actor, params.id, params.leadId) })),
  // POST /api/v1/campaigns/{id}/leads/{leadId}/stop – stop one lead
  apiHandler(stopCampaignLeadOperation, async ({ actor, params }) => ({ data: await stopCampaignLead(actor, params.id, params.leadId) })),
  // POST /api/v1/campaigns/{id}/leads/{leadId}/outcome – mark an outcome (e.g. a meeting booked) on one lead
  apiHandler(setCampaignLeadOutcomeOperation, async ({ actor, params, body }) => ({ data: await markCampaignLeadOutcome(actor, params.id, params.leadId, body.outcome) })),
  // POST /api/v1/campaigns/{id}/rebalance – move a sender's not-yet-contacted leads to the other senders
  apiHandler(rebalanceCampaignSenderOperation, async ({ actor, params, body }) => ({
    data: await rebalanceCampaignSender(actor, params.id, body),
  })),
  // PATCH /api/v1/campaigns/{id}/sequence/{stepId} – change one step's copy and media
  apiHandler(updateCampaignStepOperation, async ({ actor, params, body }) => ({
    data: await updateCampaignStep(actor, params.id, params.stepId, body),
  })),
];
