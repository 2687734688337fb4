// The handlers of the REST hooks operations, beside their operations in this folder. Listed in
// server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication, validation,
// idempotency, errors).
import { apiHandler } from "../../../http/api-handler";
import { getHookSamples } from "../../../services/hooks/get-hook-samples";
import { listHooks } from "../../../services/hooks/list-hooks";
import { subscribeHook } from "../../../services/hooks/subscribe-hook";
import { unsubscribeHook } from "../../../services/hooks/unsubscribe-hook";
import { getHookSamplesOperation } from "./get-hook-samples";
import { listHooksOperation } from "./list-hooks";
import { subscribeHookOperation } from "./subscribe-hook";
import { unsubscribeHookOperation } from "./unsubscribe-hook";

export const hooksHandlers = [
  // POST /api/v1/hooks – subscribe a REST hook
  apiHandler(subscribeHookOperation, async ({ actor, body }) => {
    const { subscription, warnings } = await subscribeHook(actor, body);
    return { data: subscription, ...(warnings.length ? { warnings } : {}) };
  }),
  // GET /api/v1/hooks – list the workspace's REST hook subscriptions
  apiHandler(listHooksOperation, async ({ actor, query }) => {
    const { hooks, total } = await listHooks(actor, query);
    return { data: hooks, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // DELETE /api/v1/hooks/{id} – unsubscribe it
  apiHandler(unsubscribeHookOperation, async ({ actor, params }) => {
    await unsubscribeHook(actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
  // GET /api/v1/hooks/samples/{event} – a sample delivery body of an event
  apiHandler(getHookSamplesOperation, async ({ actor, params }) => ({ data: getHookSamples(actor, params.event) })),
];
