import { db } from "../../db/client";
import type { CrmConnection } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

/** The workspace's connection by id; a 404 that never says whether it exists in another workspace. */
export async function findCrmConnection(actor: Actor, id: string): Promise<CrmConnection> {
  const row = await db.crmConnection.findFirst({ where: { id, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("CRM connection");
  return row;
}
