import { z } from "zod";
import { dataEnvelope } from "../../../../schemas/common";
import { ZMailboxHostedLink } from "../../../../schemas/mailbox-hosted-link";
import { defineOperation } from "../../../../http/api-operation";

export const getMailboxHostedLinkOperation = defineOperation({
  operationId: "getMailboxHostedLink",
  method: "get",
  path: "/email-accounts/hosted-link/{id}",
  summary: "Read a mailbox hosted link's status",
  description: "Never returns the link's address or token (`url` is null). `externalId` is the address that signed in.",
  tags: ["Mailboxes"],
  params: z.object({ id: z.string().min(1).meta({ description: "Mailbox hosted link id" }) }),
  response: dataEnvelope(ZMailboxHostedLink),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
