// The Json column of CampaignLead that is its own: `heldBy` (the campaign whose sender holds the
// lead; see the executor's cross-campaign exclusions). Its `customVariables` read like the lead's
// own (server/services/leads/lead-columns.ts).
import { jsonColumnReader } from "../../lib/json-column";
import { ZCampaignLead } from "../../schemas/campaign";

export const readHeldBy = jsonColumnReader(ZCampaignLead.shape.heldBy, "campaign lead's holder");
