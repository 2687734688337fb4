import { dataEnvelope } from "../../../schemas/common";
import { ZLeadImport, ZStartLeadImportInput } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";

export const startLeadImportOperation = defineOperation({
  operationId: "startLeadImport",
  method: "post",
  path: "/lead-imports",
  summary: "Import the people of a LinkedIn search",
  description:
    "Starts a background import: the sender's LinkedIn session reads the search (`searchUrl`, a LinkedIn people search) page by page, up to `maxLeads` people (default 100). Each person becomes a lead; a new one fires lead.imported (once; people Herald already had are refreshed without an event). With `listId` and/or `campaignId` the leads join that list and campaign. Answers 202 with the import; read its progress (found, created, refreshed, status) with GET /lead-imports/{id}. 409 `sender-unavailable` when the sender is not connected and active.",
  tags: ["Lead imports"],
  body: ZStartLeadImportInput,
  response: dataEnvelope(ZLeadImport),
  successStatus: 202,
  errors: ["not-found", "sender-unavailable", "unavailable"],
  acceptsWorkspaceHeader: true,
});
