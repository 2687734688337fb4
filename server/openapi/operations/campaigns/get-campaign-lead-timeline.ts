import { dataEnvelope } from "../../../schemas/common";
import { ZLeadTimeline } from "../../../schemas/lead-timeline";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignLeadParams } from "./shared";

export const getCampaignLeadTimelineOperation = defineOperation({
  operationId: "getCampaignLeadTimeline",
  method: "get",
  path: "/campaigns/{id}/leads/{leadId}/timeline",
  summary: "Get a lead's timeline in a campaign",
  description:
    "The lead page's content: the lead's progress in the campaign, its profile (your values beside what LinkedIn says), its current step by name, its sender and mailbox, its lists, where it came from, and everything that happened to it in the campaign, oldest first, each event in words. Not in the interface specification: Herald adds it (the dashboard's lead page reads the same).",
  tags: ["Campaigns"],
  params: ZCampaignLeadParams,
  response: dataEnvelope(ZLeadTimeline),
  errors: ["not-found"],
});
