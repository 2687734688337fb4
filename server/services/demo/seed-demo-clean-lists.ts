// The demo's clean lists (issue 37): the sample leads' addresses verified at once (the workspace has
// only a sandbox mailbox, so against the sandbox's DNS, offline), so the leads tables show their
// badges from the first minute; and a do-not-contact list with a competitor's domain and company,
// as a team keeps one. Run with the first samples only.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { addDoNotContactEntries } from "../do-not-contact/add-do-not-contact-entries";
import { saveAddressVerifications } from "../verification/save-address-verifications";
import { verifyAddresses } from "../verification/verify-addresses";

export const DEMO_COMPETITOR_DOMAIN = "rivalreach.example";

export async function seedDemoCleanLists(actor: { workspaceId: string; userId: string }): Promise<void> {
  const at = now();
  const leads = await db.lead.findMany({ where: { workspaceId: actor.workspaceId, email: { not: null } }, select: { email: true } });
  const addresses = [...new Set(leads.map((lead) => lead.email!.toLowerCase()))];
  if (addresses.length) {
    const results = await verifyAddresses({ workspaceId: actor.workspaceId, addresses, targetsCompanies: true });
    await saveAddressVerifications(actor.workspaceId, results, at);
  }
  await addDoNotContactEntries(db, {
    workspaceId: actor.workspaceId,
    at,
    entries: [
      { kind: "domain", value: DEMO_COMPETITOR_DOMAIN, reason: "manual", note: "A competitor: never contact", createdBy: actor.userId },
      { kind: "company", value: "RivalReach", reason: "manual", note: "A competitor: never contact", createdBy: actor.userId },
    ],
  });
}
