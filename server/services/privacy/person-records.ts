// The rows outside the person's leads that name them, found by exact comparison (docs/privacy.md):
// e-mails from or to one of their addresses, the company database's people with their address or
// profile, and the workspace's verification and bounce records of their addresses. Erasure and
// export both read them here. No LIKE/ILIKE and no substring: `ann@x.com` is not `joann@x.com`.
import { Prisma, type DbClient } from "../../db/client";
import { identifierForms, profileIdentifierSql, type PersonKeys } from "./find-person";

/** The bare address of a From/To header: the part inside <...> when it has a display name, lower-cased. */
function bareAddressSql(column: string): Prisma.Sql {
  const c = Prisma.raw(column);
  return Prisma.sql`lower(btrim(COALESCE(substring(${c} from '<([^<>]*)>'), ${c})))`;
}

/** The workspace's e-mails with the person: of their leads or participations, or from or to their address. */
export async function personEmailMessageIds(
  client: DbClient,
  workspaceId: string,
  input: { leadIds: string[]; campaignLeadIds: string[]; emails: string[] },
): Promise<string[]> {
  const rows = await client.$queryRaw<Array<{ id: string }>>`
    SELECT m.id FROM "EmailMessage" m
    WHERE m."workspaceId" = ${workspaceId}
      AND (m."leadId" = ANY(${input.leadIds}::text[]) OR m."campaignLeadId" = ANY(${input.campaignLeadIds}::text[])
        OR ${bareAddressSql(`m."fromAddress"`)} = ANY(${input.emails}::text[])
        OR ${bareAddressSql(`m."toAddress"`)} = ANY(${input.emails}::text[]))`;
  return rows.map((row) => row.id);
}

/** The company database's people (installation-wide) with one of the addresses or profiles. */
export async function companyDatabasePersonIds(client: DbClient, keys: PersonKeys): Promise<number[]> {
  if (!keys.emails.length && !keys.identifiers.length) return [];
  const rows = await client.$queryRaw<Array<{ id: number }>>`
    SELECT p.id FROM "Person" p
    WHERE lower(btrim(p.email)) = ANY(${keys.emails}::text[])
      OR ${profileIdentifierSql(Prisma.raw(`p."linkedinUrl"`))} = ANY(${identifierForms(keys.identifiers)}::text[])`;
  return rows.map((row) => row.id);
}

/** The addresses, as stored, of the workspace's rows of a table keyed by address that hold one of the addresses. */
export async function storedAddresses(client: DbClient, table: "AddressVerification" | "DeadEmailAddress", workspaceId: string, emails: string[]): Promise<string[]> {
  const rows = await client.$queryRaw<Array<{ address: string }>>`
    SELECT address FROM ${Prisma.raw(`"${table}"`)} WHERE "workspaceId" = ${workspaceId} AND lower(btrim(address)) = ANY(${emails}::text[])`;
  return rows.map((row) => row.address);
}
