import { z } from "zod";
import { ZDoNotContactEntryParams } from "../../../schemas/do-not-contact";
import { defineOperation } from "../../../http/api-operation";

export const removeDoNotContactEntryOperation = defineOperation({
  operationId: "removeDoNotContactEntry",
  method: "delete",
  path: "/do-not-contact/{id}",
  summary: "Remove an entry from the do-not-contact list",
  description:
    "Beyond the spec. The person the entry named may be contacted again (unless another entry names them), so only a key whose creator is a workspace admin or owner may remove one (403 `forbidden` otherwise). An erased person's entry can be removed like any other.",
  tags: ["Do not contact"],
  params: ZDoNotContactEntryParams,
  response: z.object({ data: z.object({ id: z.string(), removed: z.literal(true) }) }),
  errors: ["not-found", "forbidden"],
  acceptsWorkspaceHeader: true,
});
