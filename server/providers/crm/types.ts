// One interface for the CRMs Herald syncs with (HubSpot, Pipedrive, Salesforce), each behind it
// through its official client (@hubspot/api-client, pipedrive, jsforce). The sync services
// (server/services/crm/) speak only this; a provider translates its API's shapes and refusals into
// these types and into CrmError, in plain words. docs/crm-sync.md says how to connect each for real.

export const CRM_PROVIDERS = ["hubspot", "pipedrive", "salesforce"] as const;
export type CrmProviderName = (typeof CRM_PROVIDERS)[number];

/** Where a provider's endpoints are: the real ones by default; the tests point them at a stand-in. */
export interface CrmOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** The provider's authorization page, e.g. https://app.hubspot.com/oauth/authorize. */
  authorizeUrl: string;
  /** The provider's token endpoint. */
  tokenUrl: string;
  /**
   * The API's base URL (HubSpot's api.hubapi.com). Pipedrive and Salesforce answer theirs in the
   * token response (api_domain, instance_url) and keep it in CrmTokens.instanceUrl; when this is
   * set it wins (a stand-in).
   */
  apiBaseUrl: string | null;
}

export interface CrmTokens {
  accessToken: string;
  refreshToken: string | null;
  /** null: the provider did not say. */
  expiresAt: Date | null;
  /** Pipedrive's api_domain or Salesforce's instance_url; null for HubSpot. */
  instanceUrl: string | null;
}

/** The CRM account a connection reaches, shown in Settings → Integrations. */
export interface CrmAccount {
  /** HubSpot portal (hub) id, Pipedrive company id, Salesforce organization id. */
  id: string;
  /** The portal's domain, the company's name, the org's name: what a person recognises. */
  name: string;
}

export interface CrmOAuthClient {
  /** The page the browser is sent to; `state` comes back on the callback. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<{ tokens: CrmTokens; account: CrmAccount }>;
  /** A refresh the provider refuses (revoked, expired) is a CrmError of kind "revoked". */
  refresh(tokens: CrmTokens): Promise<CrmTokens>;
}

/** Herald's side of a field mapping: a lead's field, or one of its custom variables (`custom.<name>`). */
export type HeraldLeadField =
  | "email"
  | "firstName"
  | "lastName"
  | "company"
  | "jobTitle"
  | "headline"
  | "location"
  | "linkedinUrl"
  | `custom.${string}`;

/** One mapped field: Herald's lead field ↔ the CRM's property (HubSpot) / field (Pipedrive, Salesforce) API name. */
export interface CrmFieldMapping {
  herald: HeraldLeadField;
  crm: string;
}

/** A field of the CRM's contact/person/lead record, for the mapping editor. */
export interface CrmField {
  name: string;
  label: string;
  /** string | number | date | enumeration | boolean | other: what the editor shows. */
  type: string;
  readOnly: boolean;
}

export interface CrmRecordRef {
  id: string;
  /** A link to the record in the CRM's own app, when the provider can build one. */
  url: string | null;
}

/** How a lead is matched: by e-mail first, then by LinkedIn URL in the mapped field. */
export interface CrmMatch {
  email: string | null;
  linkedinUrl: string | null;
  /** The CRM field holding the LinkedIn URL (from the mapping); null: not matched by LinkedIn. */
  linkedinField: string | null;
}

export const CRM_ACTIVITY_KINDS = ["invited", "connected", "messaged", "emailed", "replied", "bounced", "unsubscribed"] as const;
export type CrmActivityKind = (typeof CRM_ACTIVITY_KINDS)[number];

/** One of Herald's activities, logged on the CRM record (a note/engagement, an activity, a Task). */
export interface CrmActivity {
  kind: CrmActivityKind;
  occurredAt: Date;
  /** One line, e.g. "Herald: connection request sent by Ada Lovelace (campaign Q4 founders)". */
  subject: string;
  /** The message's text where there is one (a reply, an e-mail's body), else a sentence. */
  body: string;
  /** A reply's interest (interested, not-interested, …) when classified. */
  interest: string | null;
}

export interface CrmPipeline {
  id: string;
  name: string;
  stages: Array<{ id: string; name: string }>;
}

/** A HubSpot list, a Pipedrive filter, a Salesforce list view: what can be imported or excluded. */
export interface CrmList {
  id: string;
  name: string;
  /** Members, when the provider says. */
  size: number | null;
}

/** Which CRM contacts become exclusions in Herald (Settings → Integrations). */
export interface CrmExclusionRules {
  /** Customers: HubSpot lifecycle stage "customer"; Pipedrive persons with a won deal; Salesforce contacts of accounts whose Type is "Customer…". */
  customers: boolean;
  /** Contacts that have an owner in the CRM. */
  owned: boolean;
  /** Members of these lists/filters/list views. */
  listIds: string[];
}

/** A contact read from the CRM (pull), with its values under the mapping's Herald names. */
export interface CrmPulledContact {
  id: string;
  email: string | null;
  linkedinUrl: string | null;
  values: Partial<Record<HeraldLeadField, string>>;
  /** Why it is excluded (pullExclusions only). */
  reason: "customer" | "owned" | "list" | null;
  updatedAt: Date | null;
}

/** A page of a paged read; `nextCursor` null when the read is done. The cursor is opaque and resumable. */
export interface CrmPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CrmClient {
  account(): Promise<CrmAccount>;
  listFields(): Promise<CrmField[]>;
  listPipelines(): Promise<CrmPipeline[]>;
  listLists(): Promise<CrmList[]>;
  /** The record matching by e-mail, else by LinkedIn URL; null when none. Never creates. */
  findContact(match: CrmMatch): Promise<CrmRecordRef | null>;
  /**
   * Optional: the contact matching by e-mail, else LinkedIn URL, among those created or changed
   * since `since`, read without the CRM's search index (which lags behind creates). The sync calls
   * it before creating again after a create whose answer was lost (ensure-crm-record.ts). A CRM
   * whose search sees a create at once, or that refuses a second contact with one e-mail, leaves it out.
   */
  findRecentContact?(match: CrmMatch, since: Date): Promise<CrmRecordRef | null>;
  /** `properties` are CRM field names → values (already mapped). */
  createContact(properties: Record<string, string>): Promise<CrmRecordRef>;
  updateContact(id: string, properties: Record<string, string>): Promise<void>;
  /** Logs one activity on the contact (associated to it); answers the CRM's id of what it made. */
  logActivity(contactId: string, activity: CrmActivity): Promise<CrmRecordRef>;
  /** A deal/opportunity for a positive reply, associated to the contact, in the given pipeline stage. */
  createDeal(contactId: string, deal: { name: string; pipelineId: string; stageId: string }): Promise<CrmRecordRef>;
  /**
   * Contacts the rules exclude, changed since `since` (null: all), one page at a time.
   * `mapping` names the fields to read back (e-mail, LinkedIn URL, names, company).
   */
  pullExclusions(input: { rules: CrmExclusionRules; since: Date | null; cursor: string | null; mapping: CrmFieldMapping[] }): Promise<CrmPage<CrmPulledContact>>;
  /** The members of one list/filter/list view, one page at a time (import as leads). */
  listMembers(input: { listId: string; cursor: string | null; mapping: CrmFieldMapping[] }): Promise<CrmPage<CrmPulledContact>>;
}

export interface CrmProvider {
  name: CrmProviderName;
  /** "HubSpot", "Pipedrive", "Salesforce". */
  label: string;
  /** What the OAuth app must be granted (docs and the authorize URL). */
  scopes: readonly string[];
  /** The mapping a new connection starts with. */
  defaultFieldMapping: readonly CrmFieldMapping[];
  /** Requests per second the sync keeps under for one connection (the provider's documented limit, with room). */
  requestsPerSecond: number;
  oauth(config: CrmOAuthConfig): CrmOAuthClient;
  client(tokens: CrmTokens, config: CrmOAuthConfig): CrmClient;
}

export type CrmErrorKind =
  /** The CRM refused the token (revoked, uninstalled, expired refresh token): the connection shows "Disconnected". */
  | "revoked"
  /** 429 or a daily limit: retry after `retryAfterSeconds`. */
  | "rate-limited"
  /** The record or list is gone. */
  | "not-found"
  /** The CRM refused the data (a bad field, a required field missing): the message says which. */
  | "rejected"
  /** The CRM is down or unreachable: retry later. */
  | "unavailable"
  /**
   * The CRM refused the access token as expired or unknown (a 401 that a renewal may cure, e.g.
   * Salesforce's INVALID_SESSION_ID, Pipedrive's 401 on an expired or just-rotated token). The
   * sync core (withCrmClient) renews the tokens once and repeats the call; a second refusal after
   * a renewal, or a refused renewal, is "revoked". Callers of withCrmClient never see this kind.
   */
  | "token-expired";

/** Every provider's failures, in plain words for the sync log. */
export class CrmError extends Error {
  readonly kind: CrmErrorKind;
  readonly retryAfterSeconds: number | null;
  constructor(kind: CrmErrorKind, message: string, options: { retryAfterSeconds?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "CrmError";
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export function isCrmError(error: unknown): error is CrmError {
  return error instanceof CrmError;
}
