import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const disconnectSenderOperation = defineOperation({
  operationId: "disconnectSender",
  method: "delete",
  path: "/accounts/{id}",
  summary: "Disconnect a sender",
  description: "Revokes the LinkedIn session, removes the sender from the workspace and frees its seat. Permanent.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  response: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  errors: ["not-found"],
});
