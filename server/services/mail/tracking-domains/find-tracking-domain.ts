import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { HeraldError } from "../../../lib/errors";

/** The workspace's tracking domain with this id; a 404 for any other (another workspace's included). */
export async function findTrackingDomain(actor: Actor, id: string) {
  const row = await db.trackingDomain.findFirst({ where: { id, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Tracking domain");
  return row;
}
