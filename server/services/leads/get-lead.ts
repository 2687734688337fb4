// GET /leads/{id}: one lead of the workspace, the full lead object (as lead.imported carries it),
// with the lists and campaigns it is in.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TLead } from "../../schemas/lead";
import { toLeads } from "./to-lead";

export async function getLead(actor: Actor, leadId: string): Promise<TLead> {
  const lead = await db.lead.findFirst({ where: { id: leadId, workspaceId: actor.workspaceId } });
  if (!lead) throw HeraldError.notFound("Lead");
  return (await toLeads([lead]))[0]!;
}
