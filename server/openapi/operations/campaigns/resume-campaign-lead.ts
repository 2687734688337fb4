import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignLead } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignLeadParams } from "./shared";

export const resumeCampaignLeadOperation = defineOperation({
  operationId: "resumeCampaignLead",
  method: "post",
  path: "/campaigns/{id}/leads/{leadId}/resume",
  summary: "Resume a lead",
  description: "Resumes a paused lead where it stood, or retries a failed lead's step (after fixing its cause). A no-op for a lead that is pending or running; 409 `lead-finished` for one that is done, replied or stopped.",
  tags: ["Campaigns"],
  params: ZCampaignLeadParams,
  response: dataEnvelope(ZCampaignLead),
  errors: ["not-found", "lead-finished"],
});
