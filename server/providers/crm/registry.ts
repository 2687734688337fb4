// The three CRMs Herald syncs with, by name, each loaded the first time it is needed: an
// installation that never connects Salesforce never loads jsforce, and one provider's module
// failing to load (a client library that needs a newer Node) stops only that CRM. The sync
// services take a CrmProviderLookup (this module's crmProvider by default) so a test can hand them
// an in-memory double instead. Names in words need no provider: crm-settings.ts CRM_LABELS.
import type { CrmProvider, CrmProviderName } from "./types";

export const crmProviders: Record<CrmProviderName, () => Promise<CrmProvider>> = {
  hubspot: async () => (await import("./hubspot/hubspot-provider")).hubspotProvider,
  pipedrive: async () => (await import("./pipedrive/pipedrive-provider")).pipedriveProvider,
  salesforce: async () => (await import("./salesforce/salesforce-provider")).salesforceProvider,
};

export type CrmProviderLookup = (name: CrmProviderName) => Promise<CrmProvider>;

export const crmProvider: CrmProviderLookup = (name) => crmProviders[name]();
