// The three CRMs Herald syncs with, by name. The sync services take a CrmProviderLookup (this
// module's crmProvider by default) so a test can hand them an in-memory double instead.
import { hubspotProvider } from "./hubspot/hubspot-provider";
import { pipedriveProvider } from "./pipedrive/pipedrive-provider";
import type { CrmProvider, CrmProviderName } from "./types";

// Salesforce joins when its provider lands (branch h-crm-others); until then it is not offered.
export const crmProviders: Partial<Record<CrmProviderName, CrmProvider>> = {
  hubspot: hubspotProvider,
  pipedrive: pipedriveProvider,
};

export type CrmProviderLookup = (name: CrmProviderName) => CrmProvider;

export const crmProvider: CrmProviderLookup = (name) => {
  const provider = crmProviders[name];
  if (!provider) throw new Error(`The ${name} provider is not part of this build`);
  return provider;
};
