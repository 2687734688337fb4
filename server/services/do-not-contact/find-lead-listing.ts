// The entry that refuses a lead, for the lead's page (null when none does): the decision core's
// look-up (find-listed-people.ts) for this one lead.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TDoNotContactListing } from "../../schemas/do-not-contact";
import { findListedPeople, toListing } from "./find-listed-people";

export async function findLeadListing(actor: Actor, leadId: string): Promise<TDoNotContactListing | null> {
  const lead = await db.lead.findFirst({
    where: { id: leadId, workspaceId: actor.workspaceId },
    select: { id: true, email: true, publicIdentifier: true, profileUrl: true, company: true },
  });
  if (!lead) throw HeraldError.notFound("Lead");
  const match = (await findListedPeople(actor.workspaceId, [lead])).get(lead.id);
  return match ? toListing(match) : null;
}
