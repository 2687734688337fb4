// The three CRMs Herald syncs with, by name. The sync services take a CrmProviderLookup (this
// module's crmProvider by default) so a test can hand them an in-memory double instead.
import { hubspotProvider } from "./hubspot/hubspot-provider";
import { pipedriveProvider } from "./pipedrive/pipedrive-provider";
import { salesforceProvider } from "./salesforce/salesforce-provider";
import type { CrmProvider, CrmProviderName } from "./types";

export const crmProviders: Record<CrmProviderName, CrmProvider> = {
  hubspot: hubspotProvider,
  pipedrive: pipedriveProvider,
  salesforce: salesforceProvider,
};

export type CrmProviderLookup = (name: CrmProviderName) => CrmProvider;

export const crmProvider: CrmProviderLookup = (name) => crmProviders[name];
