import { z } from "zod";
import { ZHookIdParams } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { HOOKS_NOTE } from "./shared";

export const unsubscribeHookOperation = defineOperation({
  operationId: "unsubscribeHook",
  method: "delete",
  path: "/hooks/{id}",
  summary: "Unsubscribe a REST hook",
  description: `Removes the subscription and its delivery log; nothing more is delivered to it. Answers 204 with no body. An id that is not one of this workspace's REST hook subscriptions answers 404 \`not-found\`, and so does a retry of an unsubscribe that already succeeded (or a subscription removed in the dashboard or after a 410 Gone): a platform should treat 404 as done. Endpoints added as plain webhooks are removed through DELETE /webhooks/{id}, never here.\n\n${HOOKS_NOTE}`,
  tags: ["REST hooks"],
  params: ZHookIdParams,
  response: z.undefined(),
  successStatus: 204,
  errors: ["not-found"],
});
