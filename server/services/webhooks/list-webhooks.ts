import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TWebhookEndpoint } from "../../schemas/webhook";
import { toWebhookEndpoint } from "./to-webhook-endpoint";

export async function listWebhooks(actor: Actor, paging: TPaginationQuery): Promise<{ endpoints: TWebhookEndpoint[]; total: number }> {
  const where = { workspaceId: actor.workspaceId };
  const [rows, total] = await Promise.all([
    db.webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.webhookEndpoint.count({ where }),
  ]);
  return { endpoints: rows.map(toWebhookEndpoint), total };
}
