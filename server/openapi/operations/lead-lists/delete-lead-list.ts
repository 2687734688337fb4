import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZLeadListIdParams } from "./shared";

export const deleteLeadListOperation = defineOperation({
  operationId: "deleteLeadList",
  method: "delete",
  path: "/lead-lists/{id}",
  summary: "Delete a lead list",
  description: "The leads stay in the workspace and in the campaigns they joined. 409 `list-in-use` while a campaign uses or excludes the list, naming the campaigns.",
  tags: ["Lead lists"],
  params: ZLeadListIdParams,
  response: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  errors: ["not-found", "list-in-use"],
});
