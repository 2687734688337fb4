// The stored verifications of the addresses on one page of the dashboard (a campaign's leads, a
// list's, one lead), in one query, as a caller that does or does not target companies reads them.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TAddressVerification } from "../../schemas/verification";
import { distinctAddresses } from "./fresh-verifications";
import { toAddressVerification } from "./to-address-verification";

export async function findAddressVerifications(actor: Actor, emails: string[], targetsCompanies: boolean): Promise<TAddressVerification[]> {
  const addresses = distinctAddresses(emails);
  if (!addresses.length) return [];
  const rows = await db.addressVerification.findMany({ where: { workspaceId: actor.workspaceId, address: { in: addresses } } });
  return rows.map((row) => toAddressVerification(row, targetsCompanies));
}
