import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import type { CrmProviderName } from "../../providers/crm/types";
import type { TCrmFieldMapping } from "../../schemas/crm";

/** The mapping a new connection starts with, for the editor's "Reset to defaults". */
export async function getCrmDefaultMapping(provider: CrmProviderName, providers: CrmProviderLookup = crmProvider): Promise<TCrmFieldMapping[]> {
  return (await providers(provider)).defaultFieldMapping.map((entry) => ({ ...entry }));
}
