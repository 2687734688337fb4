import { dataEnvelope } from "../../../schemas/common";
import { ZErasePersonResult, ZPersonKey } from "../../../schemas/privacy";
import { defineOperation } from "../../../http/api-operation";

export const erasePersonOperation = defineOperation({
  operationId: "erasePerson",
  method: "post",
  path: "/people/erase",
  summary: "Erase a person everywhere in the workspace",
  description: [
    "Beyond the spec (issue 37, a privacy duty; docs/privacy.md): erases the person named by `email` or `linkedinUrl` (exactly one) from the workspace, for an erasure request. Removed: every lead with that address or LinkedIn profile and all that hangs off them (campaign participation and journal, LinkedIn and e-mail messages, conversations, LinkedIn actions, pending comments and voice notes with their audio, manual tasks, list entries), e-mails to or from the address, the address's verification and bounce record, outbox events and webhook deliveries whose payload names them, and company-database rows with that address or profile.",
    "Then the person's keys (address, LinkedIn profile) are put on the do-not-contact list as entries that keep only a SHA-256 hash of `kind:value` (reason `erased`), replacing any entry that held the value, so that the person is refused if they are imported again. A person Herald held nothing about is still listed by hash, and `found` is false.",
    "Cannot be undone. Counts kept as analytics rollups name nobody and stay. Needs an admin or owner (403 otherwise); approvers are refused.",
  ].join("\n\n"),
  tags: ["People"],
  body: ZPersonKey,
  response: dataEnvelope(ZErasePersonResult),
  errors: ["forbidden"],
  acceptsWorkspaceHeader: true,
});
