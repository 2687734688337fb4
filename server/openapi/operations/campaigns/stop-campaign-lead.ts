import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignLead } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignLeadParams } from "./shared";

export const stopCampaignLeadOperation = defineOperation({
  operationId: "stopCampaignLead",
  method: "post",
  path: "/campaigns/{id}/leads/{leadId}/stop",
  summary: "Stop a lead",
  description: "Ends the lead's sequence for good: status stopped, with lead.status_changed. 409 `lead-finished` when the lead already finished (done, failed, replied, stopped).",
  tags: ["Campaigns"],
  params: ZCampaignLeadParams,
  response: dataEnvelope(ZCampaignLead),
  errors: ["not-found", "lead-finished"],
});
