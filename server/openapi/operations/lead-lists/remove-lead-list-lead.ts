import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZLeadListLeadParams } from "./shared";

export const removeLeadListLeadOperation = defineOperation({
  operationId: "removeLeadListLead",
  method: "delete",
  path: "/lead-lists/{id}/leads/{leadId}",
  summary: "Take a lead off a list",
  description: "Campaigns the lead already joined through the list keep it (stop it there if need be).",
  tags: ["Lead lists"],
  params: ZLeadListLeadParams,
  response: z.object({ data: z.object({ id: z.string(), removed: z.literal(true) }) }),
  errors: ["not-found"],
});
