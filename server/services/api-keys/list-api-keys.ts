import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TApiKey } from "../../schemas/api-key";
import { toApiKey } from "./to-api-key";

/** The workspace's keys, active first, newest first. */
export async function listApiKeys(actor: Actor): Promise<TApiKey[]> {
  const rows = await db.apiKey.findMany({
    where: { workspaceId: actor.workspaceId },
    include: { createdBy: { select: { id: true, name: true, email: true } } },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
  });
  return rows.map(toApiKey);
}
