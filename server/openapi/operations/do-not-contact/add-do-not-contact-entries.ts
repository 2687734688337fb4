import { ZAddDoNotContactInput, ZAddDoNotContactResult } from "../../../schemas/do-not-contact";
import { defineOperation } from "../../../http/api-operation";

export const addDoNotContactEntriesOperation = defineOperation({
  operationId: "addDoNotContactEntries",
  method: "post",
  path: "/do-not-contact",
  summary: "Add entries to the do-not-contact list",
  description:
    "Beyond the spec. Up to 1,000 entries, each an e-mail address (`email`), a whole domain (`domain`: every address at it), a LinkedIn profile (`linkedin`: a profile URL or public identifier) or a company (`company`, matched by name, case and spaces aside). Values are stored normalized (lower case; a domain without `www.` or a URL around it). A value that is not of its kind refuses the whole request with 400 naming it (`entries.2.value`). A value already on the list is not an error: it is listed under `alreadyListed` and keeps its first reason. Entries added here have the reason `api`. From the next turn, the campaigns take no step towards a person the list names.",
  tags: ["Do not contact"],
  body: ZAddDoNotContactInput,
  response: ZAddDoNotContactResult,
  successStatus: 201,
  acceptsWorkspaceHeader: true,
});
