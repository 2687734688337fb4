import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const deleteCampaignOperation = defineOperation({
  operationId: "deleteCampaign",
  method: "delete",
  path: "/campaigns/{id}",
  summary: "Delete a campaign",
  description: "Stops the campaign and deletes it with its leads' progress. The leads stay tracked in the workspace (replies and acceptances still fire events as direct activity); invitations already sent are not withdrawn.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  response: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  errors: ["not-found"],
});
