// An in-memory CRM behind the CrmProvider interface, for the sync core's database tests: contacts,
// activities, deals, lists and exclusions kept in maps, OAuth answering a fixed account, and
// failures a test arms (revoked, rate-limited) for the next call. The providers' own tests run
// against stand-ins of each CRM's real API (server/test/fakes/hubspot-fake.ts and the others).
import {
  CrmError,
  type CrmActivity,
  type CrmClient,
  type CrmErrorKind,
  type CrmFieldMapping,
  type CrmProvider,
  type CrmProviderName,
  type CrmPulledContact,
  type CrmTokens,
} from "@/server/providers/crm/types";

export interface DoubleContact {
  id: string;
  properties: Record<string, string>;
  customer: boolean;
  owner: string | null;
  lists: string[];
}

export interface CrmDouble {
  provider: CrmProvider;
  contacts: Map<string, DoubleContact>;
  activities: Array<{ contactId: string; activity: CrmActivity }>;
  deals: Array<{ contactId: string; name: string; pipelineId: string; stageId: string }>;
  /** Calls by method name, for counting what reached the CRM. */
  calls: string[];
  codesExchanged: string[];
  /** The next call (of `method`, or any) fails with this CrmError. */
  failNext(kind: CrmErrorKind, options?: { method?: keyof CrmClient | "exchangeCode" | "refresh"; retryAfterSeconds?: number; times?: number }): void;
  addContact(properties: Record<string, string>, extra?: Partial<Omit<DoubleContact, "id" | "properties">>): DoubleContact;
}

const DEFAULT_MAPPING: CrmFieldMapping[] = [
  { herald: "email", crm: "email" },
  { herald: "firstName", crm: "firstname" },
  { herald: "lastName", crm: "lastname" },
  { herald: "company", crm: "company" },
  { herald: "linkedinUrl", crm: "linkedin_url" },
];

export function createCrmDouble(name: CrmProviderName = "hubspot", account = { id: "portal-1", name: "acme.example" }): CrmDouble {
  const contacts = new Map<string, DoubleContact>();
  const activities: CrmDouble["activities"] = [];
  const deals: CrmDouble["deals"] = [];
  const calls: string[] = [];
  const codesExchanged: string[] = [];
  const armed: Array<{ kind: CrmErrorKind; method?: string; retryAfterSeconds?: number }> = [];
  let nextId = 1;

  const maybeFail = (method: string) => {
    calls.push(method);
    const index = armed.findIndex((failure) => !failure.method || failure.method === method);
    if (index < 0) return;
    const [failure] = armed.splice(index, 1);
    throw new CrmError(failure!.kind, failure!.kind === "rate-limited" ? "Too many requests: ten-second limit reached" : `The CRM refused (${failure!.kind})`, {
      retryAfterSeconds: failure!.retryAfterSeconds ?? null,
    });
  };

  const pulled = (contact: DoubleContact, mapping: CrmFieldMapping[], reason: CrmPulledContact["reason"]): CrmPulledContact => {
    const values: CrmPulledContact["values"] = {};
    for (const entry of mapping) if (contact.properties[entry.crm]) values[entry.herald] = contact.properties[entry.crm];
    const linkedinField = mapping.find((entry) => entry.herald === "linkedinUrl")?.crm;
    return { id: contact.id, email: contact.properties.email ?? null, linkedinUrl: linkedinField ? (contact.properties[linkedinField] ?? null) : null, values, reason, updatedAt: null };
  };

  /** Pages of two, the cursor the next index: enough to see resuming at work. */
  const page = <T,>(items: T[], cursor: string | null) => {
    const start = cursor ? Number(cursor) : 0;
    const next = start + 2;
    return { items: items.slice(start, next), nextCursor: next < items.length ? String(next) : null };
  };

  const client: CrmClient = {
    async account() {
      maybeFail("account");
      return account;
    },
    async listFields() {
      maybeFail("listFields");
      return ["email", "firstname", "lastname", "company", "linkedin_url", "jobtitle"].map((field) => ({ name: field, label: field, type: "string", readOnly: false }));
    },
    async listPipelines() {
      maybeFail("listPipelines");
      return [{ id: "default", name: "Sales pipeline", stages: [{ id: "qualified", name: "Qualified" }, { id: "won", name: "Closed won" }] }];
    },
    async listLists() {
      maybeFail("listLists");
      const ids = [...new Set([...contacts.values()].flatMap((contact) => contact.lists))];
      return ids.map((id) => ({ id, name: `List ${id}`, size: [...contacts.values()].filter((contact) => contact.lists.includes(id)).length }));
    },
    async findContact(match) {
      maybeFail("findContact");
      const all = [...contacts.values()];
      const byEmail = match.email ? all.find((contact) => contact.properties.email?.toLowerCase() === match.email) : undefined;
      const byLinkedin = !byEmail && match.linkedinUrl && match.linkedinField ? all.find((contact) => contact.properties[match.linkedinField!] === match.linkedinUrl) : undefined;
      const found = byEmail ?? byLinkedin;
      return found ? { id: found.id, url: `https://crm.example/contacts/${found.id}` } : null;
    },
    async createContact(properties) {
      maybeFail("createContact");
      const contact = double.addContact(properties);
      return { id: contact.id, url: `https://crm.example/contacts/${contact.id}` };
    },
    async updateContact(id, properties) {
      maybeFail("updateContact");
      const contact = contacts.get(id);
      if (!contact) throw new CrmError("not-found", `Contact ${id} is gone`);
      Object.assign(contact.properties, properties);
    },
    async logActivity(contactId, activity) {
      maybeFail("logActivity");
      activities.push({ contactId, activity });
      return { id: `note-${activities.length}`, url: null };
    },
    async createDeal(contactId, deal) {
      maybeFail("createDeal");
      deals.push({ contactId, ...deal });
      return { id: `deal-${deals.length}`, url: null };
    },
    async pullExclusions({ rules, cursor, mapping }) {
      maybeFail("pullExclusions");
      const excluded = [...contacts.values()].flatMap((contact) => {
        if (rules.customers && contact.customer) return [pulled(contact, mapping, "customer")];
        if (rules.owned && contact.owner) return [pulled(contact, mapping, "owned")];
        if (contact.lists.some((list) => rules.listIds.includes(list))) return [pulled(contact, mapping, "list")];
        return [];
      });
      return page(excluded, cursor);
    },
    async listMembers({ listId, cursor, mapping }) {
      maybeFail("listMembers");
      return page(
        [...contacts.values()].filter((contact) => contact.lists.includes(listId)).map((contact) => pulled(contact, mapping, null)),
        cursor,
      );
    },
  };

  const tokensFor = (code: string): CrmTokens => ({ accessToken: `access-${code}`, refreshToken: `refresh-${code}`, expiresAt: new Date(Date.UTC(2100, 0, 1)), instanceUrl: null });

  const provider: CrmProvider = {
    name,
    label: { hubspot: "HubSpot", pipedrive: "Pipedrive", salesforce: "Salesforce" }[name],
    scopes: ["crm.objects.contacts.read", "crm.objects.contacts.write"],
    defaultFieldMapping: DEFAULT_MAPPING,
    requestsPerSecond: 1000,
    oauth: (config) => ({
      authorizeUrl: ({ state, redirectUri }) => {
        const url = new URL(config.authorizeUrl);
        url.searchParams.set("client_id", config.clientId);
        url.searchParams.set("redirect_uri", redirectUri);
        url.searchParams.set("state", state);
        return url.toString();
      },
      async exchangeCode({ code }) {
        maybeFail("exchangeCode");
        codesExchanged.push(code);
        return { tokens: tokensFor(code), account };
      },
      async refresh(tokens) {
        maybeFail("refresh");
        return { ...tokens, accessToken: `${tokens.accessToken}-renewed`, refreshToken: null, expiresAt: new Date(Date.UTC(2100, 0, 1)) };
      },
    }),
    client: () => client,
  };

  const double: CrmDouble = {
    provider,
    contacts,
    activities,
    deals,
    calls,
    codesExchanged,
    failNext(kind, options = {}) {
      for (let time = 0; time < (options.times ?? 1); time++) armed.push({ kind, method: options.method, retryAfterSeconds: options.retryAfterSeconds });
    },
    addContact(properties, extra = {}) {
      const contact: DoubleContact = { id: String(nextId++), properties: { ...properties }, customer: false, owner: null, lists: [], ...extra };
      contacts.set(contact.id, contact);
      return contact;
    },
  };
  return double;
}
