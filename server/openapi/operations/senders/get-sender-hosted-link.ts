import { z } from "zod";
import { dataEnvelope } from "../../../schemas/common";
import { ZSenderHostedLink } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";

export const getSenderHostedLinkOperation = defineOperation({
  operationId: "getSenderHostedLink",
  method: "get",
  path: "/accounts/hosted-link/{id}",
  summary: "Read a hosted connect link's status",
  description: "Never returns the link's address or token.",
  tags: ["Senders"],
  params: z.object({ id: z.string().min(1).meta({ description: "Hosted link id" }) }),
  response: dataEnvelope(ZSenderHostedLink),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
