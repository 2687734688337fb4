import { listEnvelope } from "../../../schemas/common";
import { ZCampaignLead, ZListCampaignLeadsQuery } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const listCampaignLeadsOperation = defineOperation({
  operationId: "listCampaignLeads",
  method: "get",
  path: "/campaigns/{id}/leads",
  summary: "List a campaign's leads with their progress",
  description:
    "Oldest first. `status` filters by one of pending, running, done, failed, paused, replied, stopped. `currentStepId` and `waitUntil` tell where each lead stands and when it is due next; `variantIds` the A/B variant it got at each step.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  query: ZListCampaignLeadsQuery,
  response: listEnvelope(ZCampaignLead, { total: true }),
  errors: [404],
});
