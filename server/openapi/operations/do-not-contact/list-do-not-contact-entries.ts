import { ZDoNotContactPage, ZListDoNotContactQuery } from "../../../schemas/do-not-contact";
import { defineOperation } from "../../../http/api-operation";

export const listDoNotContactEntriesOperation = defineOperation({
  operationId: "listDoNotContactEntries",
  method: "get",
  path: "/do-not-contact",
  summary: "List the do-not-contact list",
  description:
    "Beyond the spec. The workspace's do-not-contact list, newest first: e-mail addresses, whole domains, LinkedIn profiles and companies Herald takes no step towards, on any channel. Herald adds unsubscribes, spam complaints and hard bounces itself; members add entries by hand, by CSV and through this API. An erased person's entry (`reason` `erased`) has a null `value`: only its hash is kept, so the person is still refused if they are imported again. Filter by `kind`, search by the start of the value (`search`, compared in lower case); page with `cursor`.",
  tags: ["Do not contact"],
  query: ZListDoNotContactQuery,
  response: ZDoNotContactPage,
  acceptsWorkspaceHeader: true,
});
