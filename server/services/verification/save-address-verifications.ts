// Stores verification results, one row per workspace and lower-cased address (the latest wins),
// in one statement per call however many addresses it carries.
import { db, type DbClient } from "../../db/client";
import type { VerifiedAddress } from "./verify-addresses";

export async function saveAddressVerifications(
  workspaceId: string,
  results: VerifiedAddress[],
  at: Date,
  client: DbClient = db,
): Promise<void> {
  const latest = new Map(results.map((result) => [result.address.trim().toLowerCase(), result]));
  latest.delete("");
  if (!latest.size) return;
  const addresses = [...latest.keys()];
  const rows = [...latest.values()];
  await client.$executeRaw`
    INSERT INTO "AddressVerification" ("workspaceId", address, status, "check", reason, "checkedAt")
    SELECT ${workspaceId}, a.address, a.status, a."check", a.reason, ${at}
    FROM unnest(${addresses}::text[], ${rows.map((row) => row.status)}::text[], ${rows.map((row) => row.check)}::text[], ${rows.map((row) => row.reason)}::text[])
      AS a(address, status, "check", reason)
    ON CONFLICT ("workspaceId", address) DO UPDATE
      SET status = EXCLUDED.status, "check" = EXCLUDED."check", reason = EXCLUDED.reason, "checkedAt" = EXCLUDED."checkedAt"`;
}
