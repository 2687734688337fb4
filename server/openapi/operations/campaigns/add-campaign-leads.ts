import { dataEnvelope } from "../../../schemas/common";
import { ZAddCampaignLeadsResult } from "../../../schemas/campaign";
import { ZLeadsInput } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const addCampaignLeadsOperation = defineOperation({
  operationId: "addCampaignLeads",
  method: "post",
  path: "/campaigns/{id}/leads",
  summary: "Add leads to a campaign",
  description:
    "Up to 1000 leads per request, each by LinkedIn `profileUrl` and/or `email`, with optional `firstName`, `lastName`, `company` and `customVariables` (string values, usable as placeholders). A lead the workspace already tracks is reused (blank names filled in). Skipped, with `reason` and `message` per request index: `duplicate` (named earlier in the request), `already-in-campaign`, `excluded-list` (on one of the campaign's `excludeListIds`), `contacted-by-other-sender` (with `excludeOtherSenders`, a sender outside the pool contacted the lead). With `excludeOtherCampaigns` (or `excludeSameSenderOtherCampaigns`) a lead another campaign is working on is added but waits, showing `heldBy`, until that campaign is done with it. New leads get a sender from the pool, balanced by load, and start at the first step when the campaign is active.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  body: ZLeadsInput,
  response: dataEnvelope(ZAddCampaignLeadsResult),
  errors: ["not-found"],
});
