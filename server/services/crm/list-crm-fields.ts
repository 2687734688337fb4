import { requireRole, type Actor } from "../../lib/actor";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import type { CrmField } from "../../providers/crm/types";
import { crmCallError } from "./crm-call-error";
import { findCrmConnection } from "./find-crm-connection";
import { withCrmClient } from "./with-crm-client";

/** The connected CRM's fields, for the Integrations page's editors. */
export async function listCrmFields(actor: Actor, id: string, providers: CrmProviderLookup = crmProvider): Promise<CrmField[]> {
  // Only the editors (admins and owners) use it, and each call spends the CRM's API quota.
  requireRole(actor, "admin", "read the CRM's fields");
  const row = await findCrmConnection(actor, id);
  return withCrmClient(
    row,
    async ({ client, provider }) => {
      try {
        return await client.listFields();
      } catch (error) {
        throw crmCallError(provider.label, error);
      }
    },
    providers,
  );
}
