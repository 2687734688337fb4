import type { Actor } from "../../../lib/actor";
import type { TTrackingDomain } from "../../../schemas/tracking-domain";
import { findTrackingDomain } from "./find-tracking-domain";
import { getTrackingDomain } from "./get-tracking-domain";
import { verifyTrackingDomain, type VerifyTrackingDomainOptions } from "./verify-tracking-domain";

/** "Check again": checks a tracking domain of the actor's workspace now, and answers it as it then is. */
export async function checkTrackingDomain(actor: Actor, id: string, options: VerifyTrackingDomainOptions = {}): Promise<TTrackingDomain> {
  const row = await findTrackingDomain(actor, id);
  await verifyTrackingDomain(row.id, options);
  return getTrackingDomain(actor, row.id);
}
