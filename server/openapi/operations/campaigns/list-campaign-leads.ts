import { ZCampaignLeadsList, ZListCampaignLeadsQuery } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const listCampaignLeadsOperation = defineOperation({
  operationId: "listCampaignLeads",
  method: "get",
  path: "/campaigns/{id}/leads",
  summary: "List a campaign's leads with their progress",
  description:
    "Oldest first. `status` filters by one of pending, running, done, failed, paused, replied, stopped. `currentStepId` and `waitUntil` tell where each lead stands and when it is due next; `variantIds` the A/B variant it got at each step. Page with `limit` and `offset`, or, to walk a large campaign, follow `paging.nextCursor` with `cursor`: a page by cursor costs the same at any depth. `paging.total` counts the campaign's leads (of `status` when given).",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  query: ZListCampaignLeadsQuery,
  response: ZCampaignLeadsList,
  errors: ["not-found"],
});
