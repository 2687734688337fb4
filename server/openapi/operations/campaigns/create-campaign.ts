import { dataEnvelope } from "../../../schemas/common";
import { ZCampaign, ZCreateCampaignInput } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { CAMPAIGN_STATUS_NOTE, SEQUENCE_RULES } from "./shared";

export const createCampaignOperation = defineOperation({
  operationId: "createCampaign",
  method: "post",
  path: "/campaigns",
  summary: "Create a campaign",
  description: `Every field is optional. Defaults: an empty sequence, the schedule 09:00 to 19:00 Monday to Friday (activeDays 1–5, UTC), status paused. The response carries every step and variant id.\n\n${CAMPAIGN_STATUS_NOTE}\n\n${SEQUENCE_RULES}`,
  tags: ["Campaigns"],
  body: ZCreateCampaignInput,
  response: dataEnvelope(ZCampaign),
  successStatus: 201,
  acceptsWorkspaceHeader: true,
});
