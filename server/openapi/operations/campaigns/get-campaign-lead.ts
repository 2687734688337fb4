import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignLead } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignLeadParams } from "./shared";

export const getCampaignLeadOperation = defineOperation({
  operationId: "getCampaignLead",
  method: "get",
  path: "/campaigns/{id}/leads/{leadId}",
  summary: "Get one lead's progress in a campaign",
  tags: ["Campaigns"],
  params: ZCampaignLeadParams,
  response: dataEnvelope(ZCampaignLead),
  errors: ["not-found"],
});
