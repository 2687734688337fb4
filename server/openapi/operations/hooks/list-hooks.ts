import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZHook } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { HOOKS_NOTE } from "./shared";

export const listHooksOperation = defineOperation({
  operationId: "listHooks",
  method: "get",
  path: "/hooks",
  summary: "List REST hook subscriptions",
  description: `The workspace's REST hook subscriptions (made by any of its API keys), newest first, without their secrets. Plain webhook endpoints are listed by GET /webhooks, which lists these too.\n\n${HOOKS_NOTE}`,
  tags: ["REST hooks"],
  query: ZPaginationQuery,
  response: listEnvelope(ZHook, { total: true }),
});
