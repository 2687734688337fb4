import { z } from "zod";
import { ZCampaignListFilter, ZCreateCampaignInput, ZListCampaignLeadsQuery, ZRebalanceInput, ZStepContentInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZForecastQuery } from "../../schemas/campaign-forecast";
import { ZPaginationQuery } from "../../schemas/common";
import { ZLeadsInput } from "../../schemas/lead";
import { addCampaignLeads } from "../../services/campaigns/add-campaign-leads";
import { archiveCampaign } from "../../services/campaigns/archive-campaign";
import { createCampaign } from "../../services/campaigns/create-campaign";
import { deleteCampaign } from "../../services/campaigns/delete-campaign";
import { duplicateCampaign } from "../../services/campaigns/duplicate-campaign";
import { forecastCampaign } from "../../services/campaigns/forecast-campaign";
import { getCampaign } from "../../services/campaigns/get-campaign";
import { getCampaignFunnel } from "../../services/campaigns/get-campaign-funnel";
import { getCampaignExperiments } from "../../services/campaigns/experiments/get-campaign-experiments";
import { getCampaignSendState } from "../../services/campaigns/get-campaign-send-state";
import { listCampaignLeads } from "../../services/campaigns/list-campaign-leads";
import { listCampaigns } from "../../services/campaigns/list-campaigns";
import { pauseCampaignLead } from "../../services/campaigns/pause-campaign-lead";
import { rebalanceCampaignSender } from "../../services/campaigns/rebalance-campaign-sender";
import { resumeCampaignLead } from "../../services/campaigns/resume-campaign-lead";
import { stopCampaignLead } from "../../services/campaigns/stop-campaign-lead";
import { markCampaignLeadOutcome } from "../../services/campaigns/set-campaign-lead-outcome";
import { updateCampaign } from "../../services/campaigns/update-campaign";
import { updateCampaignStep } from "../../services/campaigns/update-campaign-step";
import { ZAiPreviewInput } from "../../schemas/ai-lines";
import { previewAiLines } from "../../services/campaigns/preview-ai-lines";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });
const ZLeadRef = z.object({ id: z.string(), leadId: z.string() });

export const campaignsRouter = router({
  list: workspaceProcedure
    .input(ZPaginationQuery.extend({ filter: ZCampaignListFilter.optional() }))
    .query(({ ctx, input }) => listCampaigns(ctx.actor, input, input.filter)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getCampaign(ctx.actor, input.id)),
  create: workspaceProcedure.input(ZCreateCampaignInput).mutation(({ ctx, input }) => createCampaign(ctx.actor, input)),
  // The same rules as PATCH /campaigns/{id}: the service validates `changes` in full.
  update: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateCampaignInput }))
    .mutation(({ ctx, input }) => updateCampaign(ctx.actor, input.id, input.changes)),
  updateStep: workspaceProcedure
    .input(z.object({ id: z.string(), stepId: z.string(), content: ZStepContentInput }))
    .mutation(({ ctx, input }) => updateCampaignStep(ctx.actor, input.id, input.stepId, input.content)),
  // POST /campaigns/{id}/sequence/{stepId}/ai-preview: a step's AI lines for up to five leads (spends AI credits).
  previewAiLines: workspaceProcedure
    .input(z.object({ id: z.string(), stepId: z.string() }).extend(ZAiPreviewInput.shape))
    .mutation(({ ctx, input }) => previewAiLines(ctx.actor, input.id, input.stepId, { campaignLeadIds: input.campaignLeadIds, variantId: input.variantId })),
  duplicate: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => duplicateCampaign(ctx.actor, input.id)),
  archive: workspaceProcedure
    .input(z.object({ id: z.string(), archived: z.boolean() }))
    .mutation(({ ctx, input }) => archiveCampaign(ctx.actor, input.id, input.archived)),
  delete: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => deleteCampaign(ctx.actor, input.id)),
  // Why due leads wait: the schedule's next window, the pool's caps and pauses (see the leads table).
  sendState: workspaceProcedure.input(ZId).query(({ ctx, input }) => getCampaignSendState(ctx.actor, input.id)),
  funnel: workspaceProcedure.input(ZId).query(({ ctx, input }) => getCampaignFunnel(ctx.actor, input.id)),
  experiments: workspaceProcedure.input(ZId).query(({ ctx, input }) => getCampaignExperiments(ctx.actor, input.id)),
  forecast: workspaceProcedure
    .input(ZForecastQuery.extend({ id: z.string() }))
    .query(({ ctx, input }) => forecastCampaign(ctx.actor, input.id, { days: input.days })),
  leads: workspaceProcedure
    .input(ZListCampaignLeadsQuery.extend({ id: z.string() }))
    .query(({ ctx, input }) => listCampaignLeads(ctx.actor, input.id, input)),
  addLeads: workspaceProcedure
    .input(z.object({ id: z.string(), leads: ZLeadsInput.shape.leads, source: z.enum(["csv", "dashboard"]).default("dashboard"), fileName: z.string().trim().max(255).optional() }))
    .mutation(({ ctx, input }) => addCampaignLeads(ctx.actor, input.id, { leads: input.leads }, input.source, input.fileName)),
  stopLead: workspaceProcedure.input(ZLeadRef).mutation(({ ctx, input }) => stopCampaignLead(ctx.actor, input.id, input.leadId)),
  pauseLead: workspaceProcedure.input(ZLeadRef).mutation(({ ctx, input }) => pauseCampaignLead(ctx.actor, input.id, input.leadId)),
  resumeLead: workspaceProcedure.input(ZLeadRef).mutation(({ ctx, input }) => resumeCampaignLead(ctx.actor, input.id, input.leadId)),
  setLeadOutcome: workspaceProcedure
    .input(ZLeadRef.extend({ outcome: z.string().trim().min(1, "must not be empty").nullable() }))
    .mutation(({ ctx, input }) => markCampaignLeadOutcome(ctx.actor, input.id, input.leadId, input.outcome)),
  rebalance: workspaceProcedure
    .input(ZRebalanceInput.extend({ id: z.string() }))
    .mutation(({ ctx, input }) => rebalanceCampaignSender(ctx.actor, input.id, { linkedinAccountId: input.linkedinAccountId })),
});
