// The forecast's view of address verification: the stored result of each of its leads' addresses,
// read once for all of them (the executor reads them with each mailbox turn's batch).
import { db } from "../../../db/client";
import type { StoredVerification } from "../../../domain/verification/verification-policy";
import type { TAddressStatus } from "../../../schemas/verification";

/** By lower-cased address; addresses never verified are absent. */
export async function storedVerifications(workspaceId: string, emails: Array<string | null>): Promise<Map<string, StoredVerification>> {
  const addresses = [...new Set(emails.flatMap((email) => (email?.trim() ? [email.trim().toLowerCase()] : [])))];
  if (!addresses.length) return new Map();
  const rows = await db.addressVerification.findMany({ where: { workspaceId, address: { in: addresses } }, select: { address: true, status: true, check: true, reason: true } });
  return new Map(rows.map((row) => [row.address, { status: row.status as TAddressStatus, check: row.check, reason: row.reason }]));
}
