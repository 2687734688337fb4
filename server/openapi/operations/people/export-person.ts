import { dataEnvelope } from "../../../schemas/common";
import { ZPersonExport, ZPersonKey } from "../../../schemas/privacy";
import { defineOperation } from "../../../http/api-operation";

export const exportPersonOperation = defineOperation({
  operationId: "exportPerson",
  method: "get",
  path: "/people/export",
  summary: "Export everything held about a person",
  description: [
    "Beyond the spec (issue 37, a privacy duty; docs/privacy.md): everything the workspace holds about the person named by `email` or `linkedinUrl` (exactly one), as JSON, for an access request. Each lead comes with its provenance (`source`, `sourceDetail`, when it was added), its campaigns' participation and journal, its LinkedIn and e-mail messages, conversations, LinkedIn actions and list entries; beside them e-mails to or from the address that belong to no lead, the address's verification and bounce record, the do-not-contact entries for the person's keys (after an erasure, the hash-only entries are all that is left) and company-database rows.",
    "404 when the workspace holds nothing about them. Needs an admin or owner (403 otherwise); approvers are refused.",
  ].join("\n\n"),
  tags: ["People"],
  query: ZPersonKey,
  response: dataEnvelope(ZPersonExport),
  errors: ["forbidden", "not-found"],
  acceptsWorkspaceHeader: true,
});
