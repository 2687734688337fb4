/** Said in every CRM operation: how a CRM gets connected, which the API cannot do. */
export const CONNECT_NOTE =
  "Connecting a CRM is a browser OAuth flow: an admin or owner presses **Connect HubSpot** (Pipedrive, Salesforce) under Settings → Integrations and allows Herald in the CRM; the API then reads and changes the connection. docs/crm-sync.md says how to set each CRM's OAuth app up.";
