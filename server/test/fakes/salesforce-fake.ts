// A stand-in for Salesforce on loopback: its OAuth server (login.salesforce.com) and one org's REST
// API (the instance_url), in the shapes of Salesforce's references (REST API Developer Guide:
// "Status Codes and Error Responses", query and queryMore, sObject create/update/retrieve/describe,
// list views and their describe; "OAuth 2.0 Web Server Flow"; the identity service) and of
// jsforce's types, for exactly what Herald's provider uses:
//   GET  /services/oauth2/authorize           302 to redirect_uri with code and state
//   POST /services/oauth2/token               authorization_code | refresh_token (client id and secret in the form)
//   GET  /id/{orgId}/{userId}                 the identity of the connected user
//   GET  /services/data/v62.0                 the API's resources (identity among them)
//   GET  /services/data/v62.0/query?q=        SOQL (salesforce-fake-soql.ts), batches by Sforce-Query-Options
//   GET  /services/data/v62.0/query/{locator} the next batch
//   GET  /services/data/v62.0/sobjects/{object}/describe | /listviews | /listviews/{id}/describe | /{id}
//   POST /services/data/v62.0/sobjects/{object}, PATCH …/{object}/{id}
// Refusals: 401 INVALID_SESSION_ID (expired or revoked session), 403 REQUEST_LIMIT_EXCEEDED, 404
// NOT_FOUND, 400 REQUIRED_FIELD_MISSING / INVALID_FIELD / FIELD_CUSTOM_VALIDATION_EXCEPTION /
// INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST / ENTITY_IS_DELETED, an HTML 503 for maintenance, and the
// token endpoint's invalid_grant / invalid_client_id / invalid_client; switches for refresh-token
// rotation and for a token endpoint failing for a while.
import { randomBytes } from "node:crypto";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";
import { salesforceApiAnswer } from "./salesforce-fake-api";
import type { FakeRecord } from "./salesforce-fake-soql";
import { SCHEMA } from "./salesforce-fake-schema";

export const FAKE_API_PATH = "/services/data/v62.0";

export interface SalesforceFake {
  url: string;
  http: LocalHttpFake;
  clientId: string;
  clientSecret: string;
  organization: { Id: string; Name: string };
  /** The user who connects (owner of what Herald creates) and a colleague; a lead queue. */
  userId: string;
  colleagueId: string;
  queueId: string;
  /** Every record by id; `type` names its object. */
  records: Map<string, FakeRecord & { type: string }>;
  listViews: Array<{ id: string; object: "Contact" | "Lead"; label: string; where: string }>;
  setTime(date: Date): void;
  time(): Date;
  /** Adds a record as Salesforce would store it (Id, owner, CreatedDate, SystemModstamp). */
  add(type: string, fields: Record<string, unknown>): FakeRecord & { type: string };
  /** Changes a record's fields and its SystemModstamp. */
  touch(id: string, fields: Record<string, unknown>): void;
  byType(type: string): Array<FakeRecord & { type: string }>;
  issueCode(redirectUri: string): string;
  /** Ends every session (access tokens fail with INVALID_SESSION_ID; refresh tokens still work). */
  expireSessions(): void;
  /** Revokes the connected app: sessions and refresh tokens alike. */
  revoke(): void;
  /**
   * Refresh-token rotation (a connected app setting): each refresh answers a new refresh_token and
   * the one exchanged is refused from then on (invalid_grant).
   */
  rotateRefreshTokens(on: boolean): void;
  /** The token endpoint's next `count` requests fail with this HTTP status (an HTML page), as in maintenance. */
  failTokenEndpointNext(count: number, status?: number): void;
  /** Forgets every query locator, as Salesforce does after about 15 minutes. */
  expireLocators(): void;
  rateLimit(on: boolean): void;
  outage(on: boolean): void;
  /** A validation rule on an object: every save of it fails with this message. */
  validationRules: Map<string, string>;
  tokenRequests: Array<Record<string, string>>;
  /** Every SOQL query received, in order. */
  queries: string[];
  close(): Promise<void>;
}

export interface SalesforceFakeState extends SalesforceFake {
  accessTokens: Set<string>;
  locators: Map<string, FakeRecord[]>;
  newId(prefix: string): string;
  limited: boolean;
}

/** Salesforce's dateTime format in JSON: 2026-11-03T09:00:00.000+0000. */
export function salesforceTime(date: Date): string {
  return date.toISOString().replace("Z", "+0000");
}

function token(prefix: string): string {
  return `${prefix}${randomBytes(18).toString("base64url")}`;
}

interface TokenEndpointState {
  rotate: boolean;
  failures: number;
  failStatus: number;
}

function oauthAnswer(fake: SalesforceFakeState, codes: Map<string, string>, refreshTokens: Set<string>, endpoint: TokenEndpointState, request: FakeRequest): FakeAnswer {
  if (request.method === "GET" && request.path === "/services/oauth2/authorize") {
    const redirectUri = request.query.get("redirect_uri") ?? "";
    if (request.query.get("client_id") !== fake.clientId) return { status: 400, body: "error=invalid_client_id&error_description=client%20identifier%20invalid" };
    const back = new URL(redirectUri);
    back.searchParams.set("code", fake.issueCode(redirectUri));
    const state = request.query.get("state");
    if (state) back.searchParams.set("state", state);
    return { status: 302, headers: { location: back.toString() } };
  }
  const form = Object.fromEntries(new URLSearchParams(request.body.toString("utf8")));
  fake.tokenRequests.push(form);
  if (endpoint.failures > 0) {
    endpoint.failures -= 1;
    return { status: endpoint.failStatus, headers: { "content-type": "text/html" }, body: "<html><body>Service temporarily unavailable.</body></html>" };
  }
  if (form.client_id !== fake.clientId) return { status: 400, body: { error: "invalid_client_id", error_description: "client identifier invalid" } };
  if (form.client_secret !== fake.clientSecret) return { status: 400, body: { error: "invalid_client", error_description: "invalid client credentials" } };
  let refreshToken: string | undefined;
  if (form.grant_type === "authorization_code") {
    const redirectUri = codes.get(form.code ?? "");
    codes.delete(form.code ?? "");
    if (redirectUri === undefined) return { status: 400, body: { error: "invalid_grant", error_description: "invalid authorization code" } };
    if (redirectUri !== form.redirect_uri) return { status: 400, body: { error: "redirect_uri_mismatch", error_description: "redirect_uri must match configuration" } };
    refreshToken = token("5Aep");
    refreshTokens.add(refreshToken);
  } else if (form.grant_type === "refresh_token") {
    if (!refreshTokens.has(form.refresh_token ?? "")) return { status: 400, body: { error: "invalid_grant", error_description: "expired access/refresh token" } };
    if (endpoint.rotate) {
      refreshTokens.delete(form.refresh_token ?? "");
      refreshToken = token("5Aep");
      refreshTokens.add(refreshToken);
    }
  } else return { status: 400, body: { error: "unsupported_grant_type", error_description: "grant type not supported" } };
  const accessToken = token(`${fake.organization.Id}!`);
  fake.accessTokens.add(accessToken);
  return {
    body: {
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      signature: randomBytes(32).toString("base64"),
      scope: "refresh_token api",
      instance_url: fake.url,
      id: `${fake.url}/id/${fake.organization.Id}/${fake.userId}`,
      token_type: "Bearer",
      issued_at: String(fake.time().getTime()),
    },
  };
}

export async function startSalesforceFake(): Promise<SalesforceFake> {
  const http = await startLocalHttpFake();
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  let clock = new Date("2026-11-02T09:00:00Z");
  let counter = 0;
  let down = false;
  const endpoint: TokenEndpointState = { rotate: false, failures: 0, failStatus: 503 };
  const fake: SalesforceFakeState = {
    url: http.url,
    http,
    clientId: "3MVG9-herald-test-consumer-key",
    clientSecret: "herald-test-consumer-secret",
    organization: { Id: "00D5g000004ABCDEAA", Name: "Analytical Engines Inc." },
    userId: "0055g00000HERALDAA",
    colleagueId: "0055g00000COLLEGAA",
    queueId: "00G5g00000QUEUE1AA",
    records: new Map(),
    listViews: [],
    validationRules: new Map(),
    tokenRequests: [],
    queries: [],
    accessTokens: new Set(),
    locators: new Map(),
    limited: false,
    newId(prefix) {
      counter += 1;
      return `${prefix}5g${String(counter).padStart(10, "0")}AAA`;
    },
    setTime(date) {
      clock = date;
    },
    time: () => clock,
    add(type, fields) {
      const prefix = SCHEMA[type]?.keyPrefix ?? "a00";
      const record = { Id: fake.newId(prefix), type, OwnerId: fake.userId, CreatedDate: salesforceTime(clock), SystemModstamp: salesforceTime(clock), ...(type === "Lead" ? { IsConverted: false, Status: "Open - Not Contacted" } : {}), ...fields };
      fake.records.set(record.Id, record);
      return record;
    },
    touch(id, fields) {
      const record = fake.records.get(id);
      if (record) Object.assign(record, fields, { SystemModstamp: salesforceTime(clock) });
    },
    byType: (type) => [...fake.records.values()].filter((record) => record.type === type),
    issueCode(redirectUri) {
      const code = token("aPrx");
      codes.set(code, redirectUri);
      return code;
    },
    expireSessions() {
      fake.accessTokens.clear();
    },
    revoke() {
      fake.accessTokens.clear();
      refreshTokens.clear();
    },
    rotateRefreshTokens(on) {
      endpoint.rotate = on;
    },
    failTokenEndpointNext(count, status = 503) {
      endpoint.failures = count;
      endpoint.failStatus = status;
    },
    expireLocators() {
      fake.locators.clear();
    },
    rateLimit(on) {
      fake.limited = on;
    },
    outage(on) {
      down = on;
    },
    close: () => http.close(),
  };
  for (const [Id, type, Type, Name] of [
    [fake.userId, "User", "User", "Ada Lovelace"],
    [fake.colleagueId, "User", "User", "Charles Babbage"],
    [fake.queueId, "Group", "Queue", "Unassigned leads"],
  ] as const) {
    fake.records.set(Id, { Id, type, Type, Name });
  }
  fake.records.set(fake.organization.Id, { ...fake.organization, type: "Organization" });
  http.handle((request) => {
    if (request.path.startsWith("/services/oauth2/")) return oauthAnswer(fake, codes, refreshTokens, endpoint, request);
    if (down) return { status: 503, headers: { "content-type": "text/html" }, body: "<html><body>Salesforce is down for maintenance.</body></html>" };
    return salesforceApiAnswer(fake, request);
  });
  return fake;
}
