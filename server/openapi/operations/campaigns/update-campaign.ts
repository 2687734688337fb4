import { dataEnvelope } from "../../../schemas/common";
import { ZCampaign, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { CAMPAIGN_STATUS_NOTE, SEQUENCE_RULES, ZCampaignIdParams } from "./shared";

export const updateCampaignOperation = defineOperation({
  operationId: "updateCampaign",
  method: "patch",
  path: "/campaigns/{id}",
  summary: "Update a campaign",
  description: `Any subset of the fields. Rules: \`sequence\` and \`schedule\` are replaced wholesale (send the complete object); in a full sequence variant A's flat copy must equal \`config.variants[0]\` (else 400); once leads are in progress only copy and delays may change and steps be appended (removing, reordering or retyping a step is a 400); a changed delay or answer window re-times the leads already waiting on it, as if the new value had always been there (a lead whose new time has passed is due at once). A linear sequence sent without ids keeps the existing step ids position by position, and variants sent without ids keep theirs. Changing \`linkedinAccountIds\` gives leads without a sender (or with a sender that left the pool and never contacted them) one from the new pool; contacted leads stay with their sender. Changing \`emailAccountIds\` does the same for mailboxes: leads already e-mailed keep theirs. Setting \`listId\` adds that list's leads.\n\n${CAMPAIGN_STATUS_NOTE}\n\n${SEQUENCE_RULES}`,
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  body: ZUpdateCampaignInput,
  response: dataEnvelope(ZCampaign),
  errors: ["not-found"],
});
