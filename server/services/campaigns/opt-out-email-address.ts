import type { Prisma } from "../../db/client";

/**
 * Opts an address out of the workspace's e-mails, in the caller's transaction: every lead of the
 * workspace with that address gets `emailOptOut` (e-mail steps skip it). Returns the leads with the
 * address, oldest first, and how many were newly opted out (none when it was already).
 */
export async function optOutEmailAddress(
  tx: Prisma.TransactionClient,
  input: { workspaceId: string; address: string; at: Date },
): Promise<{ leadIds: string[]; optedOut: number }> {
  // The address is matched without regard to case (Ada@Example.org and ada@example.org are one
  // mailbox to every provider in practice), and exactly otherwise: Prisma's case-insensitive
  // equals is an ILIKE, in which the address's _ and % would be wildcards.
  const leads = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM "Lead" WHERE "workspaceId" = ${input.workspaceId} AND lower(email) = lower(${input.address.trim()}) ORDER BY "createdAt", id`;
  // The conditional update makes a second, simultaneous opt-out find nothing left to change.
  const optedOut = await tx.lead.updateMany({
    where: { id: { in: leads.map((lead) => lead.id) }, emailOptOut: false },
    data: { emailOptOut: true, emailOptOutAt: input.at, updatedAt: input.at },
  });
  return { leadIds: leads.map((lead) => lead.id), optedOut: optedOut.count };
}
