import { requireRole, type Actor } from "../../lib/actor";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import type { CrmList } from "../../providers/crm/types";
import { crmCallError } from "./crm-call-error";
import { findCrmConnection } from "./find-crm-connection";
import { withCrmClient } from "./with-crm-client";

/** The connected CRM's lists, for the Integrations page's editors. */
export async function listCrmLists(actor: Actor, id: string, providers: CrmProviderLookup = crmProvider): Promise<CrmList[]> {
  // Only the editors (admins and owners) use it, and each call spends the CRM's API quota.
  requireRole(actor, "admin", "read the CRM's lists");
  const row = await findCrmConnection(actor, id);
  return withCrmClient(
    row,
    async ({ client, provider }) => {
      try {
        return await client.listLists();
      } catch (error) {
        throw crmCallError(provider.label, error);
      }
    },
    providers,
  );
}
