import { ZHookIdParams, ZHookRemoved } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { HOOKS_NOTE } from "./shared";

export const unsubscribeHookOperation = defineOperation({
  operationId: "unsubscribeHook",
  method: "delete",
  path: "/hooks/{id}",
  summary: "Unsubscribe a REST hook",
  description: `Removes the subscription and its delivery log; nothing more is delivered to it. Answers 200 \`{data: {id, deleted: true}}\`, as DELETE /webhooks/{id} does (platforms accept any 2xx). An id that is not one of this workspace's REST hook subscriptions answers 404 \`not-found\`, and so does a retry of an unsubscribe that already succeeded (or a subscription removed in the dashboard or after a 410 Gone): a platform should treat 404 as done. Endpoints added as plain webhooks are removed through DELETE /webhooks/{id}, never here.\n\n${HOOKS_NOTE}`,
  tags: ["REST hooks"],
  params: ZHookIdParams,
  response: ZHookRemoved,
  errors: ["not-found"],
});
