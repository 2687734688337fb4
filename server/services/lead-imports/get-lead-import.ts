import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TLeadImport } from "../../schemas/lead";
import { toLeadImport } from "./to-lead-import";

export async function getLeadImport(actor: Actor, importId: string): Promise<TLeadImport> {
  const row = await db.leadImport.findFirst({ where: { id: importId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Lead import");
  return toLeadImport(row);
}
