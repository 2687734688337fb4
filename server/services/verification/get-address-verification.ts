// GET /verification?email=: the address's stored verification, however old, or a 404 that says how
// to get one.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TAddressVerification } from "../../schemas/verification";
import { toAddressVerification } from "./to-address-verification";

export async function getAddressVerification(actor: Actor, email: string, targetsCompanies = true): Promise<TAddressVerification> {
  const address = email.trim().toLowerCase();
  const row = await db.addressVerification.findUnique({ where: { workspaceId_address: { workspaceId: actor.workspaceId, address } } });
  if (!row) {
    throw new HeraldError({ code: "not-found", message: `${address} has not been checked in this workspace yet; check it with POST /verification.` });
  }
  return toAddressVerification(row, targetsCompanies);
}
