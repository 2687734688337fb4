// A local stand-in for HubSpot in tests: real HTTP on loopback, answering in HubSpot's documented
// shapes for what Herald's HubSpot provider calls, so the official client (@hubspot/api-client)
// parses every answer:
//   GET  /oauth/authorize                 approves at once: 302 to redirect_uri with code and state
//   POST /oauth/v1/token                  authorization_code and refresh_token grants (form-encoded)
//                                         → {access_token, refresh_token, expires_in, token_type};
//                                         400 {status: BAD_CLIENT_ID | BAD_CLIENT_SECRET |
//                                         BAD_AUTH_CODE | BAD_REDIRECT_URI | BAD_REFRESH_TOKEN, message}
//   GET  /oauth/v1/access-tokens/{token}  {hub_id, hub_domain, scopes, …}
//   POST /crm/v3/objects/contacts/search  filterGroups (OR of AND'ed filters), sorts, after, limit
//   POST /crm/v3/objects/contacts, PATCH /crm/v3/objects/contacts/{id}, POST …/contacts/batch/read
//   POST /crm/v3/objects/notes, POST /crm/v3/objects/deals   with associations to contacts
//   GET  /crm/v3/properties/contacts, GET /crm/v3/pipelines/deals
//   POST /crm/v3/lists/search, GET /crm/v3/lists/{id}/memberships (paged by after)
// Refusals as HubSpot answers them: 401 {status: "error", category: "INVALID_AUTHENTICATION" |
// "EXPIRED_AUTHENTICATION"} for a revoked or expired token, 429 {errorType: "RATE_LIMIT",
// policyName} with X-HubSpot-RateLimit-* headers when told to, 400 VALIDATION_ERROR for an unknown property or stage,
// 409 CONFLICT "Contact already exists. Existing ID: n", 404 OBJECT_NOT_FOUND.
import { randomUUID } from "node:crypto";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest } from "./local-http-fake";
import {
  FAKE_HUBSPOT_CONTACT_PROPERTIES,
  FAKE_HUBSPOT_PIPELINES,
  listShape,
  objectShape,
  parseSorts,
  passesFilter,
  pipelineShape,
  propertyShape,
  type FakeHubspotList,
  type FakeHubspotObject,
  type SearchFilter,
} from "./hubspot-fake-store";
import { hubspotOAuthRoutes, type HubspotFakeOAuth } from "./hubspot-fake-oauth";

export interface HubspotFake extends HubspotFakeOAuth {
  url: string;
  requests: FakeRequest[];
  hubId: number;
  hubDomain: string;
  contacts(): FakeHubspotObject[];
  contact(id: string): FakeHubspotObject | undefined;
  notesFor(contactId: string): FakeHubspotObject[];
  dealsFor(contactId: string): FakeHubspotObject[];
  /** Seeds a contact as if someone made it in HubSpot; answers its id. */
  addContact(properties: Record<string, string>): string;
  setLifecycleStage(contactId: string, stage: string): void;
  /** Deletes a contact as someone in HubSpot would (it stays in the lists' memberships until HubSpot catches up). */
  deleteContact(contactId: string): void;
  setOwner(contactId: string, ownerId: string | null): void;
  /** Makes a contact list with these members; answers its id. */
  addList(name: string, contactIds?: string[]): string;
  addToList(listId: string, contactIds: string[]): void;
  /** Adds a custom contact property (the mapping editor's list, and what create/update accept). */
  addProperty(name: string, label: string): void;
  /** The fake's own time (creation, modification and join dates); the wall clock unless set. */
  setTime(time: Date | null): void;
  /**
   * The next `count` API calls get 429 (TEN_SECONDLY_ROLLING) with HubSpot's documented
   * X-HubSpot-RateLimit-* headers; a Retry-After only when `retryAfter` is given.
   */
  rateLimitNext(count: number, retryAfter?: number): void;
  /** The next `count` API calls get this 5xx. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

function error(status: number, category: string, message: string, extra: Record<string, unknown> = {}): FakeAnswer {
  return { status, body: { status: "error", message, correlationId: randomUUID(), category, ...extra } };
}

function readJson(request: FakeRequest): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(request.body.toString("utf8") || "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function invalidProperties(names: string[], known: Set<string>): FakeAnswer | null {
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length === 0) return null;
  const details = unknown.map((name) => ({
    isValid: false,
    message: `Property "${name}" does not exist`,
    error: "PROPERTY_DOESNT_EXIST",
    name,
    localizedErrorMessage: `Property "${name}" does not exist`,
  }));
  return error(400, "VALIDATION_ERROR", `Property values were not valid: ${JSON.stringify(details)}`);
}

export async function startHubspotFake(options: { hubId?: number; hubDomain?: string } = {}): Promise<HubspotFake> {
  const hubId = options.hubId ?? 4_512_345;
  const hubDomain = options.hubDomain ?? "herald-tests.hubspot.com";
  let fixedTime: Date | null = null;
  const clock = () => fixedTime ?? new Date();
  let nextId = 100;
  const newId = () => String((nextId += 1));
  const contacts = new Map<string, FakeHubspotObject>();
  const notes: FakeHubspotObject[] = [];
  const deals: FakeHubspotObject[] = [];
  const lists = new Map<string, FakeHubspotList>();
  const properties = [...FAKE_HUBSPOT_CONTACT_PROPERTIES];
  let rateLimited = 0;
  let retryAfter: number | undefined;
  let failing = 0;
  let failStatus = 502;

  const oauth = hubspotOAuthRoutes({ hubId, hubDomain, clock });
  const knownContactProperties = () => new Set(properties.filter((property) => !property.readOnly).map((property) => property.name));

  function contactByEmail(email: string): FakeHubspotObject | undefined {
    return [...contacts.values()].find((contact) => contact.properties.email?.toLowerCase() === email.toLowerCase());
  }

  function createContact(input: Record<string, string>): FakeAnswer | FakeHubspotObject {
    const invalid = invalidProperties(Object.keys(input), knownContactProperties());
    if (invalid) return invalid;
    const values = { ...input };
    if (values.email) {
      values.email = values.email.trim().toLowerCase();
      const existing = contactByEmail(values.email);
      if (existing) return error(409, "CONFLICT", `Contact already exists. Existing ID: ${existing.id}`);
    }
    const contact: FakeHubspotObject = { id: newId(), properties: { lifecyclestage: "lead", ...values }, createdAt: clock(), updatedAt: clock(), contactIds: [] };
    contacts.set(contact.id, contact);
    return contact;
  }

  function associatedContactIds(body: Record<string, unknown>, typeId: number): string[] | FakeAnswer {
    const associations = Array.isArray(body.associations) ? (body.associations as Array<{ to?: { id?: unknown }; types?: Array<{ associationCategory?: unknown; associationTypeId?: unknown }> }>) : [];
    const ids: string[] = [];
    for (const association of associations) {
      const id = String(association.to?.id ?? "");
      const type = association.types?.[0];
      if (type?.associationCategory !== "HUBSPOT_DEFINED" || type.associationTypeId !== typeId) {
        return error(400, "VALIDATION_ERROR", `Invalid association type; expected HUBSPOT_DEFINED ${typeId}`);
      }
      if (!contacts.has(id)) return error(404, "OBJECT_NOT_FOUND", `No contact with ID ${id} exists`);
      ids.push(id);
    }
    return ids;
  }

  function search(body: Record<string, unknown>): FakeAnswer {
    const groups = Array.isArray(body.filterGroups) ? (body.filterGroups as Array<{ filters?: SearchFilter[] }>) : [];
    if (groups.length > 5 || groups.some((group) => (group.filters ?? []).length > 6)) {
      return error(400, "VALIDATION_ERROR", "Too many filter groups or filters: at most 5 groups of 6 filters");
    }
    const limit = Math.min(Number(body.limit ?? 10) || 10, 200);
    const offset = Number(body.after ?? 0) || 0;
    const asked = Array.isArray(body.properties) ? (body.properties as string[]) : null;
    const sorts = parseSorts(body.sorts);
    const shaped = [...contacts.values()].map((contact) => ({ contact, all: objectShape(contact, null, "contact").properties }));
    const matching = shaped.filter(({ all }) => groups.length === 0 || groups.some((group) => (group.filters ?? []).every((filter) => passesFilter(all, filter))));
    // Without a sort HubSpot's order is its own; the stand-in answers newest first, so a caller that
    // pages by id without sorting by it (or with a sort HubSpot ignores) sees the consequence.
    const sort = sorts[0] ?? { propertyName: "hs_object_id", direction: "DESCENDING" as const };
    matching.sort((a, b) => {
      const left = sort.propertyName === "hs_object_id" ? Number(a.contact.id) : String(a.all[sort.propertyName] ?? "");
      const right = sort.propertyName === "hs_object_id" ? Number(b.contact.id) : String(b.all[sort.propertyName] ?? "");
      const order = left < right ? -1 : left > right ? 1 : 0;
      return sort.direction === "DESCENDING" ? -order : order;
    });
    const page = matching.slice(offset, offset + limit);
    const more = offset + limit < matching.length;
    return {
      body: {
        total: matching.length,
        results: page.map(({ contact }) => objectShape(contact, asked, "contact")),
        ...(more ? { paging: { next: { after: String(offset + limit), link: "?after=" + String(offset + limit) } } } : {}),
      },
    };
  }

  function crm(request: FakeRequest): FakeAnswer {
    const { method, path } = request;
    if (method === "POST" && path === "/crm/v3/objects/contacts/search") return search(readJson(request));
    if (method === "POST" && path === "/crm/v3/objects/contacts/batch/read") {
      const body = readJson(request);
      const inputs = Array.isArray(body.inputs) ? (body.inputs as Array<{ id?: unknown }>) : [];
      const asked = Array.isArray(body.properties) ? (body.properties as string[]) : null;
      const found = inputs.map((input) => contacts.get(String(input.id))).filter((contact): contact is FakeHubspotObject => contact !== undefined);
      const missing = inputs.map((input) => String(input.id)).filter((id) => !contacts.has(id));
      const at = clock().toISOString();
      const results = found.map((contact) => objectShape(contact, asked, "contact"));
      if (missing.length === 0) return { body: { status: "COMPLETE", results, startedAt: at, completedAt: at } };
      // Some ids are gone: HubSpot answers 207 with what it found and one error naming the rest.
      const gone = { status: "error", category: "OBJECT_NOT_FOUND", message: "Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.", context: { ids: missing }, links: {}, errors: [] };
      return { status: 207, body: { status: "COMPLETE", results, numErrors: 1, errors: [gone], startedAt: at, completedAt: at } };
    }
    if (method === "POST" && path === "/crm/v3/objects/contacts") {
      const body = readJson(request);
      const made = createContact((body.properties ?? {}) as Record<string, string>);
      return "id" in made ? { status: 201, body: objectShape(made, null, "contact") } : made;
    }
    const contactPath = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(path);
    if (method === "PATCH" && contactPath) {
      const contact = contacts.get(decodeURIComponent(contactPath[1] ?? ""));
      if (!contact) return error(404, "OBJECT_NOT_FOUND", "resource not found");
      const values = ((readJson(request).properties ?? {}) as Record<string, string>) ?? {};
      const invalid = invalidProperties(Object.keys(values), knownContactProperties());
      if (invalid) return invalid;
      Object.assign(contact.properties, values);
      contact.updatedAt = clock();
      return { body: objectShape(contact, null, "contact") };
    }
    if (method === "POST" && path === "/crm/v3/objects/notes") {
      const body = readJson(request);
      const values = (body.properties ?? {}) as Record<string, string>;
      if (!values.hs_timestamp) return error(400, "VALIDATION_ERROR", 'Property values were not valid: [{"isValid":false,"message":"hs_timestamp is required","error":"REQUIRED_FIELD","name":"hs_timestamp"}]');
      if ((values.hs_note_body ?? "").length > 65_536) {
        return error(400, "VALIDATION_ERROR", 'Property values were not valid: [{"isValid":false,"message":"hs_note_body is longer than 65536 characters","error":"MAX_CHARACTERS","name":"hs_note_body"}]');
      }
      const contactIds = associatedContactIds(body, 202);
      if (!Array.isArray(contactIds)) return contactIds;
      const note: FakeHubspotObject = { id: newId(), properties: values, createdAt: clock(), updatedAt: clock(), contactIds };
      notes.push(note);
      return { status: 201, body: objectShape(note, null, "note") };
    }
    if (method === "POST" && path === "/crm/v3/objects/deals") {
      const body = readJson(request);
      const values = (body.properties ?? {}) as Record<string, string>;
      const pipeline = FAKE_HUBSPOT_PIPELINES.find((candidate) => candidate.id === (values.pipeline ?? "default"));
      if (!pipeline || !pipeline.stages.some((stage) => stage.id === values.dealstage)) {
        const detail = [{ isValid: false, message: `${values.dealstage} was not one of the allowed options`, error: "INVALID_OPTION", name: "dealstage" }];
        return error(400, "VALIDATION_ERROR", `Property values were not valid: ${JSON.stringify(detail)}`);
      }
      const contactIds = associatedContactIds(body, 3);
      if (!Array.isArray(contactIds)) return contactIds;
      const deal: FakeHubspotObject = { id: newId(), properties: values, createdAt: clock(), updatedAt: clock(), contactIds };
      deals.push(deal);
      return { status: 201, body: objectShape(deal, null, "deal") };
    }
    if (method === "GET" && path === "/crm/v3/properties/contacts") {
      return { body: { results: properties.map((property, index) => propertyShape(property, index)) } };
    }
    if (method === "GET" && path === "/crm/v3/pipelines/deals") {
      return { body: { results: FAKE_HUBSPOT_PIPELINES.map((pipeline, index) => pipelineShape(pipeline, index)) } };
    }
    if (method === "POST" && path === "/crm/v3/lists/search") {
      const body = readJson(request);
      const offset = Number(body.offset ?? 0) || 0;
      const count = Math.min(Number(body.count ?? 20) || 20, 500);
      const query = typeof body.query === "string" ? body.query.toLowerCase() : "";
      const all = [...lists.values()].filter((list) => !query || list.name.toLowerCase().includes(query));
      const page = all.slice(offset, offset + count);
      return { body: { lists: page.map(listShape), total: all.length, offset: offset + page.length, hasMore: offset + page.length < all.length } };
    }
    const membersPath = /^\/crm\/v3\/lists\/([^/]+)\/memberships$/.exec(path);
    if (method === "GET" && membersPath) {
      const listId = decodeURIComponent(membersPath[1] ?? "");
      const list = lists.get(listId);
      if (!list) return error(404, "OBJECT_NOT_FOUND", `List does not exist with id ${listId}.`);
      const limit = Math.min(Number(request.query.get("limit") ?? 100) || 100, 250);
      const after = request.query.get("after");
      const offset = after ? Number(Buffer.from(after, "base64url").toString("utf8")) || 0 : 0;
      // HubSpot answers memberships ordered by record id, ascending.
      const ordered = [...list.members].sort((a, b) => Number(a.recordId) - Number(b.recordId));
      const page = ordered.slice(offset, offset + limit);
      const next = offset + limit < list.members.length ? Buffer.from(String(offset + limit), "utf8").toString("base64url") : null;
      return {
        body: {
          results: page.map((member) => ({ recordId: member.recordId, membershipTimestamp: member.joinedAt.toISOString() })),
          total: list.members.length,
          ...(next ? { paging: { next: { after: next, link: `?after=${next}` } } } : {}),
        },
      };
    }
    return error(404, "OBJECT_NOT_FOUND", `No route for ${method} ${path} in the HubSpot stand-in`);
  }

  const server = await startLocalHttpFake((request) => {
    if (request.path.startsWith("/oauth/")) return oauth.handle(request);
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1];
    const refusal = oauth.checkAccessToken(token);
    if (refusal) return refusal;
    if (rateLimited > 0) {
      rateLimited -= 1;
      return {
        status: 429,
        headers: {
          ...(retryAfter !== undefined ? { "retry-after": String(retryAfter) } : {}),
          "x-hubspot-ratelimit-interval-milliseconds": "10000",
          "x-hubspot-ratelimit-max": "110",
          "x-hubspot-ratelimit-remaining": "0",
        },
        body: { status: "error", message: "You have reached your ten_secondly_rolling limit.", errorType: "RATE_LIMIT", correlationId: randomUUID(), policyName: "TEN_SECONDLY_ROLLING", groupName: `publicapi:app-id:${hubId}` },
      };
    }
    if (failing > 0) {
      failing -= 1;
      return error(failStatus, "INTERNAL_ERROR", "internal error");
    }
    return crm(request);
  });

  const contactOrThrow = (id: string) => {
    const contact = contacts.get(id);
    if (!contact) throw new Error(`The HubSpot stand-in has no contact ${id}`);
    return contact;
  };

  return {
    ...oauth.controls,
    url: server.url,
    requests: server.requests,
    hubId,
    hubDomain,
    contacts: () => [...contacts.values()],
    contact: (id) => contacts.get(id),
    notesFor: (contactId) => notes.filter((note) => note.contactIds.includes(contactId)),
    dealsFor: (contactId) => deals.filter((deal) => deal.contactIds.includes(contactId)),
    addContact(values) {
      const made = createContact(values);
      if (!("id" in made)) throw new Error(`The HubSpot stand-in refused the contact: ${JSON.stringify(made.body)}`);
      return made.id;
    },
    deleteContact(contactId) {
      contacts.delete(contactId);
    },
    setLifecycleStage(contactId, stage) {
      const contact = contactOrThrow(contactId);
      contact.properties.lifecyclestage = stage;
      contact.updatedAt = clock();
    },
    setOwner(contactId, ownerId) {
      const contact = contactOrThrow(contactId);
      if (ownerId === null) delete contact.properties.hubspot_owner_id;
      else contact.properties.hubspot_owner_id = ownerId;
      contact.updatedAt = clock();
    },
    addList(name, contactIds = []) {
      const listId = newId();
      lists.set(listId, { listId, name, objectTypeId: "0-1", members: contactIds.map((recordId) => ({ recordId, joinedAt: clock() })), createdAt: clock() });
      return listId;
    },
    addToList(listId, contactIds) {
      const list = lists.get(listId);
      if (!list) throw new Error(`The HubSpot stand-in has no list ${listId}`);
      for (const recordId of contactIds) if (!list.members.some((member) => member.recordId === recordId)) list.members.push({ recordId, joinedAt: clock() });
    },
    addProperty(name, label) {
      properties.push({ name, label, type: "string", fieldType: "text" });
    },
    setTime(time) {
      fixedTime = time;
    },
    rateLimitNext(count, seconds) {
      rateLimited = count;
      retryAfter = seconds;
    },
    failNext(count, status = 502) {
      failing = count;
      failStatus = status;
    },
    close: () => server.close(),
  };
}
