import { z } from "zod";
import { ZCreateWebhookInput, ZListDeliveriesQuery, ZUpdateWebhookInput } from "../../schemas/webhook";
import { createWebhook } from "../../services/webhooks/create-webhook";
import { deleteWebhook } from "../../services/webhooks/delete-webhook";
import { getWebhookDelivery } from "../../services/webhooks/get-webhook-delivery";
import { listWebhookDeliveries } from "../../services/webhooks/list-webhook-deliveries";
import { listWebhooks } from "../../services/webhooks/list-webhooks";
import { retryWebhookDelivery } from "../../services/webhooks/retry-webhook-delivery";
import { testWebhook } from "../../services/webhooks/test-webhook";
import { updateWebhook } from "../../services/webhooks/update-webhook";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });

export const webhooksRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listWebhooks(ctx.actor, { limit: 100, offset: 0 })),
  create: workspaceProcedure.input(ZCreateWebhookInput).mutation(({ ctx, input }) => createWebhook(ctx.actor, input)),
  update: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateWebhookInput }))
    .mutation(({ ctx, input }) => updateWebhook(ctx.actor, input.id, input.changes)),
  delete: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => deleteWebhook(ctx.actor, input.id)),
  test: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => testWebhook(ctx.actor, input.id)),
  deliveries: workspaceProcedure.input(ZListDeliveriesQuery).query(({ ctx, input }) => listWebhookDeliveries(ctx.actor, input)),
  delivery: workspaceProcedure.input(ZId).query(({ ctx, input }) => getWebhookDelivery(ctx.actor, input.id)),
  retryDelivery: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => retryWebhookDelivery(ctx.actor, input.id)),
});
