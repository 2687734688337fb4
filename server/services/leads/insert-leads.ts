import type { Prisma } from "../../db/client";
import type { Lead } from "../../db/generated/client";

export interface NewLead {
  workspaceId: string;
  publicIdentifier: string | null;
  profileUrl: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  customVariables: Record<string, string>;
  source: string;
  /** Where within the source, in words (docs/privacy.md). */
  sourceDetail?: string | null;
}

/**
 * Inserts leads in one statement, one array per column, skipping those that exist already (as
 * createMany's skipDuplicates does). Prisma's createMany binds each value of a 1000-lead batch as a
 * parameter of its own and spent seconds per batch compiling and serialising them; this is the
 * bulk of adding leads to a campaign.
 */
export async function insertLeads(tx: Prisma.TransactionClient, leads: NewLead[], at: Date): Promise<Lead[]> {
  if (!leads.length) return [];
  const column = <K extends keyof NewLead>(key: K) => leads.map((lead) => lead[key]);
  const rows = await tx.$queryRaw<Lead[]>`
    INSERT INTO "Lead" ("workspaceId", "publicIdentifier", "profileUrl", "email", "firstName", "lastName", "company", "customVariables", "source", "sourceDetail", "createdAt", "updatedAt")
    SELECT u.workspace, u.identifier, u.url, u.email, u.first, u.last, u.company, u.variables::jsonb, u.source, u.detail,
      ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC'
    FROM unnest(${column("workspaceId")}::text[], ${column("publicIdentifier")}::text[], ${column("profileUrl")}::text[], ${column("email")}::text[],
      ${column("firstName")}::text[], ${column("lastName")}::text[], ${column("company")}::text[],
      ${leads.map((lead) => JSON.stringify(lead.customVariables))}::text[], ${column("source")}::text[],
      ${leads.map((lead) => lead.sourceDetail ?? null)}::text[])
      WITH ORDINALITY AS u(workspace, identifier, url, email, first, last, company, variables, source, detail, position)
    ORDER BY u.position
    ON CONFLICT DO NOTHING
    RETURNING *`;
  // A list column left empty reads back as null here, where Prisma's own reads give [].
  return rows.map((row) => ({ ...row, tags: row.tags ?? [] }));
}
