import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignLead } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignLeadParams } from "./shared";

export const pauseCampaignLeadOperation = defineOperation({
  operationId: "pauseCampaignLead",
  method: "post",
  path: "/campaigns/{id}/leads/{leadId}/pause",
  summary: "Pause a lead",
  description: "Holds the lead where it stands (status paused, with lead.status_changed) until resumed. Answers still count while paused: an acceptance moves it onto the yes branch, a reply makes it replied. A no-op for a paused lead; 409 `lead-finished` for a finished one.",
  tags: ["Campaigns"],
  params: ZCampaignLeadParams,
  response: dataEnvelope(ZCampaignLead),
  errors: ["not-found", "lead-finished"],
});
