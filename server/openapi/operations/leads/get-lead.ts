import { z } from "zod";
import { dataEnvelope } from "../../../schemas/common";
import { ZLead } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";

export const ZLeadIdParams = z.object({
  id: z.string().min(1).meta({ description: "Lead id", example: "led_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
});

export const getLeadOperation = defineOperation({
  operationId: "getLead",
  method: "get",
  path: "/leads/{id}",
  summary: "Get a lead",
  description:
    "One lead of the workspace: the full lead object (the shape `lead.imported` carries) with the lists (`listIds`) and campaigns (`campaignIds`) it is in. Not in the interface specification: Herald adds it so that a lead can be read on its own (its progress in a campaign is GET /campaigns/{id}/leads/{leadId}).",
  tags: ["Leads"],
  params: ZLeadIdParams,
  response: dataEnvelope(ZLead),
  errors: ["not-found"],
});
