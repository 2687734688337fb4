import { z } from "zod";
import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignLead } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignLeadParams } from "./shared";

export const ZSetCampaignLeadOutcomeInput = z
  .object({
    outcome: z
      .string({ message: "must be one of the workspace's outcomes, or null" })
      .trim()
      .min(1, "must not be empty")
      .nullable()
      .meta({ description: "One of the workspace's `settings.outcomeNames` (any case), or null to clear it" }),
  })
  .meta({ id: "SetCampaignLeadOutcomeInput" });

export const setCampaignLeadOutcomeOperation = defineOperation({
  operationId: "setCampaignLeadOutcome",
  method: "post",
  path: "/campaigns/{id}/leads/{leadId}/outcome",
  summary: "Mark an outcome on a lead",
  description:
    "Beyond the spec. Marks one of the workspace's outcomes (`settings.outcomeNames`, e.g. \"Meeting booked\") on the lead, or clears it with null. The analytics count it as `outcomes` in the period the lead was first contacted. No event fires. 400 naming `outcome` for a name the workspace does not have.",
  tags: ["Campaigns"],
  params: ZCampaignLeadParams,
  body: ZSetCampaignLeadOutcomeInput,
  response: dataEnvelope(ZCampaignLead),
  errors: ["not-found"],
});
