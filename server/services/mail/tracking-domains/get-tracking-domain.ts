import type { Actor } from "../../../lib/actor";
import type { TTrackingDomain } from "../../../schemas/tracking-domain";
import { findTrackingDomain } from "./find-tracking-domain";
import { countTrackingDomainMailboxes } from "./list-tracking-domains";
import { toTrackingDomain } from "./to-tracking-domain";

export async function getTrackingDomain(actor: Actor, id: string): Promise<TTrackingDomain> {
  const row = await findTrackingDomain(actor, id);
  const counts = await countTrackingDomainMailboxes(actor.workspaceId, [row]);
  return toTrackingDomain(row, counts.get(row.id) ?? 0);
}
