import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { THook } from "../../schemas/hook";
import { REST_HOOK } from "../webhooks/rest-hook-origin";
import { toHook } from "./to-hook";

/** The workspace's REST hook subscriptions, newest first (bounded by the workspace's endpoint cap). */
export async function listHooks(actor: Actor, paging: TPaginationQuery): Promise<{ hooks: THook[]; total: number }> {
  const where = { workspaceId: actor.workspaceId, createdVia: REST_HOOK };
  const [rows, total] = await Promise.all([
    db.webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.webhookEndpoint.count({ where }),
  ]);
  return { hooks: rows.map(toHook), total };
}
