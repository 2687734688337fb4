// What the do-not-contact list and address verification say of a batch of leads at e-mail steps,
// read with the batch (a mailbox turn's candidates, the leads settled without a mailbox): per
// workspace, one query for the list (findListedPeople) and one for the stored verifications with
// the workspace's verification age, never one per lead.
import { db } from "../../../db/client";
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import type { StoredVerification } from "../../../domain/verification/verification-policy";
import type { TAddressStatus } from "../../../schemas/verification";
import { findListedPeople } from "../../do-not-contact/find-listed-people";
import type { LeadInCampaign } from "./perform-lead-step";

export type CheckedVerification = StoredVerification & { checkedAt: Date };

export interface EmailLeadFacts {
  listed: DoNotContactMatch | null;
  /** The address's stored verification, or null when it has none. */
  verification: CheckedVerification | null;
  /** Workspace.verificationMaxAgeDays. */
  verificationMaxAgeDays: number;
}

export const addressOf = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** The facts of each lead, by campaign lead id. */
export async function readEmailFacts(leads: LeadInCampaign[]): Promise<Map<string, EmailLeadFacts>> {
  const byWorkspace = new Map<string, LeadInCampaign[]>();
  for (const lead of leads) byWorkspace.set(lead.workspaceId, [...(byWorkspace.get(lead.workspaceId) ?? []), lead]);
  const facts = new Map<string, EmailLeadFacts>();
  await Promise.all(
    [...byWorkspace].map(async ([workspaceId, group]) => {
      const addresses = [...new Set(group.map((lead) => addressOf(lead.lead.email)).filter((address): address is string => address !== null))];
      const [listed, rows] = await Promise.all([
        findListedPeople(workspaceId, group.map((lead) => lead.lead)),
        db.$queryRaw<Array<{ maxAgeDays: number; address: string | null; status: string | null; check: string | null; reason: string | null; checkedAt: Date | null }>>`
          SELECT w."verificationMaxAgeDays" AS "maxAgeDays", v.address, v.status, v."check", v.reason, v."checkedAt"
          FROM "Workspace" w
          LEFT JOIN "AddressVerification" v ON v."workspaceId" = w.id AND v.address = ANY(${addresses})
          WHERE w.id = ${workspaceId}`,
      ]);
      const maxAgeDays = rows[0]?.maxAgeDays ?? 30;
      const verifications = new Map(
        rows.flatMap((row) =>
          row.address && row.status && row.checkedAt
            ? [[row.address, { status: row.status as TAddressStatus, check: row.check ?? "", reason: row.reason ?? "", checkedAt: row.checkedAt }] as const]
            : [],
        ),
      );
      for (const lead of group) {
        const address = addressOf(lead.lead.email);
        facts.set(lead.id, { listed: listed.get(lead.lead.id) ?? null, verification: (address && verifications.get(address)) || null, verificationMaxAgeDays: maxAgeDays });
      }
    }),
  );
  return facts;
}
