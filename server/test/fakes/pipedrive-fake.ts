// A stand-in for Pipedrive on loopback: its OAuth server (oauth.pipedrive.com) and one company's
// API (the api_domain), in the shapes of Pipedrive's reference (developers.pipedrive.com, API v1
// and v2; "Responses", "HTTP status codes", "OAuth authorization", "OAuth status codes") and of the
// official client's models (pipedrive v33), for exactly the endpoints Herald's provider uses:
//   GET  /oauth/authorize                  302 to redirect_uri with code and state
//   POST /oauth/token                      Basic client auth; authorization_code | refresh_token
//   GET  /api/v1/users/me                  the connected user and company
//   GET  /api/v1/filters?type=people       filters (here: fixed member lists)
//   POST /api/v1/notes                     a note on a person
//   GET  /api/v2/personFields              the person schema, custom fields by hash key
//   GET  /api/v2/persons                   filter_id, ids, owner_id, updated_since, cursor, limit
//   GET  /api/v2/persons/search            term, fields (email | custom_fields), exact_match
//   GET|PATCH /api/v2/persons/{id}, POST /api/v2/persons
//   GET  /api/v2/organizations (ids), /api/v2/organizations/search, POST /api/v2/organizations
//   GET|POST /api/v2/deals                 status, updated_since, cursor
//   GET  /api/v2/pipelines, /api/v2/stages
// Refresh tokens are single-use (each refresh answers a new one); access tokens expire on request.
// Refusals: 401 for an unknown, expired or revoked token, 429 with Pipedrive's rate-limit headers, 400 with
// `{success: false, error, error_info, data: null, additional_data: null}` for bad data, 404 for a
// missing record, and an outage switch. Where the reference does not give a refusal's text, the
// fake words it plainly.
import { randomBytes } from "node:crypto";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";
import { pipedriveApiAnswer } from "./pipedrive-fake-api";

export interface FakePipedrivePerson {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  owner_id: number;
  org_id: number | null;
  add_time: string;
  update_time: string;
  emails: Array<{ value: string; primary: boolean; label: string }>;
  phones: Array<{ value: string; primary: boolean; label: string }>;
  is_deleted: boolean;
  visible_to: number;
  label_ids: number[];
  picture_id: number | null;
  job_title?: string;
  custom_fields: Record<string, string | null>;
}

export interface FakePipedriveDeal {
  id: number;
  title: string;
  owner_id: number;
  person_id: number | null;
  org_id: number | null;
  pipeline_id: number;
  stage_id: number;
  value: number;
  currency: string;
  status: "open" | "won" | "lost";
  add_time: string;
  update_time: string;
  is_deleted: boolean;
}

export interface FakePipedriveNote {
  id: number;
  content: string;
  person_id: number;
  add_time: string;
  update_time: string;
  user_id: number;
}

export interface PipedriveFake {
  url: string;
  http: LocalHttpFake;
  clientId: string;
  clientSecret: string;
  /** The connected user and the company. */
  user: { id: number; name: string; email: string };
  company: { id: number; name: string; domain: string };
  /** Other users of the company (owners of persons Herald did not create). */
  colleagueId: number;
  persons: Map<number, FakePipedrivePerson>;
  organizations: Map<number, { id: number; name: string; owner_id: number; add_time: string; update_time: string }>;
  deals: Map<number, FakePipedriveDeal>;
  notes: Map<number, FakePipedriveNote>;
  pipelines: Array<{ id: number; name: string; order_nr: number; stages: Array<{ id: number; name: string }> }>;
  filters: Array<{ id: number; name: string; memberIds: number[] }>;
  /** Custom person fields: hash key → label. */
  customFields: Map<string, string>;
  /** Whether the company set up contact sync, which creates the job_title, notes and birthday fields (on by default). */
  contactSyncFields: boolean;
  /** The hash key of the "LinkedIn" custom field. */
  linkedinFieldKey: string;
  /** The fake's clock: add_time and update_time of what it stores. */
  setTime(date: Date): void;
  time(): Date;
  addPerson(input: { name: string; email?: string; ownerId?: number; customFields?: Record<string, string> }): FakePipedrivePerson;
  addDeal(input: { personId: number; status: FakePipedriveDeal["status"]; title?: string }): FakePipedriveDeal;
  /** An authorization code the token endpoint will exchange once (what the authorize page returns). */
  issueCode(redirectUri: string): string;
  /** Every token this server issued is refused from now on (the app was uninstalled). */
  revoke(): void;
  /** The access tokens issued so far expire (Pipedrive's last an hour): the API answers 401 to them. */
  expireAccessTokens(): void;
  /**
   * Pipedrive's search index lags behind writes: while on, persons created through the API are not
   * found by /persons/search (the persons list has them at once) until `catchUpSearchIndex()`.
   */
  searchIndexLag(on: boolean): void;
  catchUpSearchIndex(): void;
  /** The next person create is stored but its answer never arrives (the connection drops). */
  dropNextCreateReply(): void;
  /** Answers every API call with 429 (retry-after and x-ratelimit-reset in seconds) until cleared with null. */
  rateLimit(retryAfterSeconds: number | null): void;
  /** Answers every API call with this status (503: maintenance) until cleared with null. */
  outage(status: number | null): void;
  tokenRequests: Array<Record<string, string>>;
  close(): Promise<void>;
}

/** "YYYY-MM-DD HH:MM:SS" (v1) and RFC 3339 (v2). */
export function v1Time(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
export function v2Time(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function pipedriveErrorBody(error: string): object {
  return { success: false, error, error_info: "Please check developers.pipedrive.com for more information about Pipedrive API.", data: null, additional_data: null };
}

export interface PipedriveFakeState extends PipedriveFake {
  accessTokens: Set<string>;
  nextId(): number;
  /** Persons the search index does not know yet. */
  unindexed: Set<number>;
  indexLag: boolean;
  dropCreateReply: boolean;
}

function token(prefix: string): string {
  return `${prefix}${randomBytes(18).toString("hex")}`;
}

function readForm(request: FakeRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body.toString("utf8")));
}

function oauthAnswer(fake: PipedriveFakeState, codes: Map<string, string>, refreshTokens: Set<string>, request: FakeRequest): FakeAnswer {
  if (request.method === "GET" && request.path === "/oauth/authorize") {
    const redirectUri = request.query.get("redirect_uri") ?? "";
    if (request.query.get("client_id") !== fake.clientId) return { status: 400, body: "Invalid client_id" };
    const redirect = new URL(redirectUri);
    redirect.searchParams.set("code", fake.issueCode(redirectUri));
    const state = request.query.get("state");
    if (state) redirect.searchParams.set("state", state);
    return { status: 302, headers: { location: redirect.toString() } };
  }
  const basic = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString("utf8");
  if (basic !== `${fake.clientId}:${fake.clientSecret}`) return { status: 401, body: { success: false, message: "Invalid client: client is invalid", error: "invalid_client" } };
  const form = readForm(request);
  fake.tokenRequests.push(form);
  if (form.grant_type === "authorization_code") {
    const redirectUri = codes.get(form.code ?? "");
    if (redirectUri === undefined) return { status: 400, body: { success: false, message: "Invalid grant: authorization_code is invalid", error: "invalid_grant" } };
    codes.delete(form.code ?? "");
    if (redirectUri !== form.redirect_uri) return { status: 400, body: { success: false, message: "Invalid request: redirect_uri is invalid", error: "invalid_request" } };
  } else if (form.grant_type === "refresh_token") {
    // Single-use: Pipedrive answers a new refresh token and refuses the one exchanged.
    if (!refreshTokens.delete(form.refresh_token ?? "")) {
      return { status: 400, body: { success: false, message: "Invalid grant: refresh_token is invalid or it was already exchanged", error: "invalid_grant" } };
    }
  } else return { status: 400, body: { success: false, message: "Unsupported grant type: grant_type is invalid", error: "unsupported_grant_type" } };
  const accessToken = token("v1:");
  fake.accessTokens.add(accessToken);
  const refreshToken = token("rt:");
  refreshTokens.add(refreshToken);
  return { body: { access_token: accessToken, token_type: "Bearer", expires_in: 3599, refresh_token: refreshToken, scope: "base,contacts:full,deals:full,users:read", api_domain: fake.url } };
}

export async function startPipedriveFake(): Promise<PipedriveFake> {
  const http = await startLocalHttpFake();
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  let clock = new Date("2026-11-02T09:00:00Z");
  let lastId = 1000;
  let limited: number | null = null;
  let down: number | null = null;
  const linkedinFieldKey = "5f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6";
  const fake: PipedriveFakeState = {
    url: http.url,
    http,
    clientId: "pd-client-id",
    clientSecret: "pd-client-secret",
    user: { id: 11, name: "Ada Lovelace", email: "ada@analytical.test" },
    company: { id: 7301, name: "Analytical Engines Ltd", domain: "analytical" },
    colleagueId: 12,
    persons: new Map(),
    organizations: new Map(),
    deals: new Map(),
    notes: new Map(),
    pipelines: [
      { id: 1, name: "Sales", order_nr: 1, stages: [{ id: 1, name: "Qualified" }, { id: 2, name: "Contact made" }, { id: 3, name: "Proposal made" }] },
      { id: 2, name: "Partnerships", order_nr: 2, stages: [{ id: 4, name: "Intro" }, { id: 5, name: "Agreement" }] },
    ],
    filters: [],
    customFields: new Map([[linkedinFieldKey, "LinkedIn"]]),
    contactSyncFields: true,
    linkedinFieldKey,
    accessTokens: new Set(),
    tokenRequests: [],
    nextId: () => ++lastId,
    setTime(date) {
      clock = date;
    },
    time: () => clock,
    addPerson(input) {
      const [first = "", ...rest] = input.name.split(" ");
      const person: FakePipedrivePerson = {
        id: fake.nextId(),
        name: input.name,
        first_name: first,
        last_name: rest.join(" "),
        owner_id: input.ownerId ?? fake.user.id,
        org_id: null,
        add_time: v2Time(clock),
        update_time: v2Time(clock),
        emails: input.email ? [{ value: input.email, primary: true, label: "work" }] : [],
        phones: [],
        is_deleted: false,
        visible_to: 3,
        label_ids: [],
        picture_id: null,
        custom_fields: { ...input.customFields },
      };
      fake.persons.set(person.id, person);
      return person;
    },
    addDeal(input) {
      const deal: FakePipedriveDeal = {
        id: fake.nextId(),
        title: input.title ?? "Deal",
        owner_id: fake.user.id,
        person_id: input.personId,
        org_id: null,
        pipeline_id: 1,
        stage_id: 1,
        value: 0,
        currency: "EUR",
        status: input.status,
        add_time: v2Time(clock),
        update_time: v2Time(clock),
        is_deleted: false,
      };
      fake.deals.set(deal.id, deal);
      return deal;
    },
    issueCode(redirectUri) {
      const code = token("code-");
      codes.set(code, redirectUri);
      return code;
    },
    revoke() {
      fake.accessTokens.clear();
      refreshTokens.clear();
    },
    expireAccessTokens() {
      fake.accessTokens.clear();
    },
    unindexed: new Set(),
    indexLag: false,
    dropCreateReply: false,
    searchIndexLag(on) {
      fake.indexLag = on;
    },
    catchUpSearchIndex() {
      fake.unindexed.clear();
    },
    dropNextCreateReply() {
      fake.dropCreateReply = true;
    },
    rateLimit(seconds) {
      limited = seconds;
    },
    outage(status) {
      down = status;
    },
    close: () => http.close(),
  };
  http.handle((request) => {
    if (request.path.startsWith("/oauth/")) return oauthAnswer(fake, codes, refreshTokens, request);
    if (down !== null) return { status: down, body: pipedriveErrorBody("Requested service is not available") };
    const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!fake.accessTokens.has(bearer)) return { status: 401, body: pipedriveErrorBody("unauthorized access") };
    if (limited !== null) {
      return { status: 429, headers: { "retry-after": String(limited), "x-ratelimit-limit": "80", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(limited) }, body: pipedriveErrorBody("Request over limit") };
    }
    return pipedriveApiAnswer(fake, request);
  });
  return fake;
}
