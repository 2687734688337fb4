// Import a CRM list (a HubSpot list, a Pipedrive filter, a Salesforce list view) as leads into a
// lead list, page by page, through the same path as adding leads anywhere (addLeadListLeads):
// people already in the workspace are found, not duplicated; people on the do-not-contact list are
// left out; the list's campaigns take the new leads in within their exclusions.
import { requireRole, type Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { CRM_LABELS } from "../../providers/crm/crm-settings";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import type { CrmProviderName, CrmPulledContact } from "../../providers/crm/types";
import { ZImportCrmListInput, ZLeadInputForImport, type TCrmImportResult, type TImportCrmListInput } from "../../schemas/crm";
import type { TLeadInput } from "../../schemas/lead";
import { findListedPeople } from "../do-not-contact/find-listed-people";
import { addLeadListLeads } from "../lead-lists/add-lead-list-leads";
import { createLeadList } from "../lead-lists/create-lead-list";
import { findLeadList } from "../lead-lists/find-lead-list";
import { crmCallError } from "./crm-call-error";
import { findCrmConnection } from "./find-crm-connection";
import { storedFieldMapping } from "./to-crm-connection";
import { withCrmClient } from "./with-crm-client";
import { writeCrmSyncLog } from "./write-crm-sync-log";

/** Pages read in one import; a bigger list is imported again (what is there already is skipped). */
export const MAX_IMPORT_PAGES = 50;

export function leadInputOf(contact: CrmPulledContact): TLeadInput | null {
  const values = contact.values;
  const customVariables: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    if (field.startsWith("custom.") && value) customVariables[field.slice("custom.".length)] = value;
  }
  const parsed = ZLeadInputForImport.safeParse({
    email: contact.email ?? values.email ?? undefined,
    profileUrl: contact.linkedinUrl ?? values.linkedinUrl ?? undefined,
    firstName: values.firstName || undefined,
    lastName: values.lastName || undefined,
    company: values.company || undefined,
    customVariables: Object.keys(customVariables).length ? customVariables : undefined,
  });
  return parsed.success ? parsed.data : null;
}

export async function importCrmList(actor: Actor, id: string, input: TImportCrmListInput, providers: CrmProviderLookup = crmProvider): Promise<TCrmImportResult> {
  requireRole(actor, "admin", "import a CRM list");
  const request = parseInput(ZImportCrmListInput, input);
  const connection = await findCrmConnection(actor, id);
  const leadListId = request.leadListId ? (await findLeadList(actor, request.leadListId)).id : (await createLeadList(actor, { name: request.newLeadListName! })).id;
  const mapping = storedFieldMapping(connection);
  const result: TCrmImportResult = { found: 0, added: 0, alreadyThere: 0, doNotContact: 0, skipped: 0, leadListId, message: "" };
  const label = CRM_LABELS[connection.provider as CrmProviderName];
  await withCrmClient(
    connection,
    async ({ client }) => {
      let cursor: string | null = null;
      for (let page = 0; page < MAX_IMPORT_PAGES; page++) {
        let members;
        try {
          members = await client.listMembers({ listId: request.crmListId, cursor, mapping });
        } catch (error) {
          throw crmCallError(label, error);
        }
        result.found += members.items.length;
        const inputs = members.items.flatMap((contact, index) => {
          const lead = leadInputOf(contact);
          if (!lead) result.skipped++;
          return lead ? [{ id: String(index), lead }] : [];
        });
        const listed = await findListedPeople(actor.workspaceId, inputs.map(({ id: key, lead }) => ({ id: key, email: lead.email ?? null, profileUrl: lead.profileUrl ?? null, company: lead.company ?? null })));
        result.doNotContact += listed.size;
        const leads = inputs.filter(({ id: key }) => !listed.has(key)).map(({ lead }) => lead);
        if (leads.length) {
          const added = await addLeadListLeads(actor, leadListId, { leads }, "crm");
          result.added += added.added;
          result.alreadyThere += added.skipped.length;
        }
        cursor = members.nextCursor;
        if (!cursor) break;
      }
    },
    providers,
  );
  const listName = request.crmListName ?? request.crmListId;
  result.message = `Imported ${label} list ${listName}: ${result.added} added, ${result.alreadyThere} already there or repeated, ${result.doNotContact} on the do-not-contact list, ${result.skipped} without an e-mail or LinkedIn profile.`;
  await writeCrmSyncLog({
    connectionId: connection.id,
    kind: "import",
    outcome: "ok",
    message: result.message,
    counts: { found: result.found, added: result.added, alreadyThere: result.alreadyThere, doNotContact: result.doNotContact, skipped: result.skipped },
  });
  return result;
}
