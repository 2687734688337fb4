// The stored verifications still fresh enough to stand in for a new check: younger than the
// workspace's verificationMaxAgeDays (Settings: "Check addresses again … older than N days"). An
// `unknown` result (the DNS look-up failed) is never fresh: it is worth asking again. One query for
// any number of addresses.
import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import type { TAddressStatus } from "../../schemas/verification";

export interface StoredAddressVerification {
  address: string;
  status: TAddressStatus;
  check: string;
  reason: string;
  checkedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest check that is still fresh in this workspace. */
export async function freshSince(workspaceId: string, client: DbClient = db): Promise<Date> {
  const workspace = await client.workspace.findUnique({ where: { id: workspaceId }, select: { verificationMaxAgeDays: true } });
  return new Date(now().getTime() - (workspace?.verificationMaxAgeDays ?? 30) * DAY_MS);
}

/** Lower-cased address → its fresh stored verification, for those of `addresses` that have one. */
export async function findFreshVerifications(
  workspaceId: string,
  addresses: string[],
  since: Date,
  client: DbClient = db,
): Promise<Map<string, StoredAddressVerification>> {
  const fresh = new Map<string, StoredAddressVerification>();
  if (!addresses.length) return fresh;
  // One array parameter: a job's 100,000 addresses are more than PostgreSQL's 32,767 bind parameters.
  const rows = await client.$queryRaw<Array<Omit<StoredAddressVerification, "status"> & { status: string }>>`
    SELECT address, status, "check", reason, "checkedAt" FROM "AddressVerification"
    WHERE "workspaceId" = ${workspaceId} AND address = ANY(${addresses}::text[]) AND "checkedAt" >= ${since} AND status <> 'unknown'`;
  for (const row of rows) fresh.set(row.address, { ...row, status: row.status as TAddressStatus });
  return fresh;
}

/** Distinct lower-cased addresses, blanks dropped, in first-seen order. */
export function distinctAddresses(addresses: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const address of addresses) {
    const key = address?.trim().toLowerCase();
    if (key) seen.add(key);
  }
  return [...seen];
}
