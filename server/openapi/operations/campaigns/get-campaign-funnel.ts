import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignFunnel } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const getCampaignFunnelOperation = defineOperation({
  operationId: "getCampaignFunnel",
  method: "get",
  path: "/campaigns/{id}/funnel",
  summary: "A campaign's funnel, overall and per A/B variant",
  description:
    "Beyond the spec. Leads invited, accepted and messaged on LinkedIn; sent, opened, clicked, replied and bounced by e-mail; replied on either: for the whole campaign (the counters of `stats`) and for each variant of every step leads have reached.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  response: dataEnvelope(ZCampaignFunnel),
  errors: ["not-found"],
});
