import { dataEnvelope } from "../../../schemas/common";
import { ZCampaign } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const getCampaignOperation = defineOperation({
  operationId: "getCampaign",
  method: "get",
  path: "/campaigns/{id}",
  summary: "Get a campaign",
  description: "The campaign with its stats and its wired sequence: every step's id, parent and branch, and every variant's id.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  response: dataEnvelope(ZCampaign),
  errors: ["not-found"],
});
