// GET /verification/jobs/{id}/results: the job's addresses that have a result, by address, a page at
// a time (a keyset cursor on the address, so a deep page costs what the first does), optionally
// only one status as the job's caller reads it (free webmail is valid for a job that does not
// target companies). One query per page.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TAddressVerification, TVerificationJobResultsQuery } from "../../schemas/verification";
import { toAddressVerification, type VerificationRow } from "./to-address-verification";

const encodeCursor = (address: string) => Buffer.from(address, "utf8").toString("base64url");

function decodeCursor(cursor: string): string {
  const address = Buffer.from(cursor, "base64url").toString("utf8");
  if (!address || encodeCursor(address) !== cursor) {
    throw HeraldError.invalidInput("cursor is not one this list gave", [{ field: "cursor", message: "is not a cursor this list gave" }]);
  }
  return address;
}

export async function listVerificationJobResults(
  actor: Actor,
  jobId: string,
  query: TVerificationJobResultsQuery,
): Promise<{ results: TAddressVerification[]; nextCursor: string | null }> {
  const job = await db.verificationJob.findFirst({ where: { id: jobId, workspaceId: actor.workspaceId }, select: { id: true, targetsCompanies: true } });
  if (!job) throw HeraldError.notFound("Verification job");
  const after = query.cursor ? decodeCursor(query.cursor) : "";
  const status = query.status ?? null;
  const rows = await db.$queryRaw<VerificationRow[]>`
    SELECT v.address, v.status, v."check", v.reason, v."checkedAt"
    FROM "VerificationJob" j
    CROSS JOIN LATERAL unnest(j.addresses) AS a(address)
    JOIN "AddressVerification" v ON v."workspaceId" = j."workspaceId" AND v.address = a.address
    WHERE j.id = ${job.id} AND a.address > ${after}
      AND (${status}::text IS NULL OR
           (CASE WHEN ${job.targetsCompanies} = false AND v."check" = 'free-webmail' THEN 'valid' ELSE v.status END) = ${status}::text)
    ORDER BY a.address
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  return {
    results: page.map((row) => toAddressVerification(row, job.targetsCompanies)),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!.address) : null,
  };
}
