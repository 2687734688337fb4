import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZCampaign } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";

export const listCampaignsOperation = defineOperation({
  operationId: "listCampaigns",
  method: "get",
  path: "/campaigns",
  summary: "List campaigns",
  description: "The workspace's campaigns, newest first, with their stats.",
  tags: ["Campaigns"],
  query: ZPaginationQuery,
  response: listEnvelope(ZCampaign, { total: true }),
  acceptsWorkspaceHeader: true,
});
