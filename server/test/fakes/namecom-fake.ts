// A stand-in for Name.com's Core API on loopback, keeping an account's state (registered domains,
// their DNS records and URL forwarding) and answering in the shapes and with the refusals of the
// reference: "name.com Core API", OpenAPI 1.7.0 (namedotcom/namecom-mcp, assets/namecom.api.yaml),
// cited below as "Core API". It serves only /core/v1 paths; where the reference is silent about a
// refusal's status or text, the comment says so and the fake picks the nearest documented shape.
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";

export interface FakeNamecomDomain {
  domainName: string;
  createDate: string;
  expireDate: string;
  autorenewEnabled: boolean;
}

export interface FakeNamecomRecord {
  id: number;
  domainName: string;
  host: string;
  fqdn: string;
  type: string;
  answer: string;
  ttl: number;
  priority?: number;
}

/** A forwarding as the Core API lists it: `host` is the full host name (URLForwardingResponse). */
export interface FakeNamecomForwarding {
  domainName: string;
  host: string;
  forwardsTo: string;
  type: string;
}

export interface NamecomFake {
  url: string;
  http: LocalHttpFake;
  domains: Map<string, FakeNamecomDomain>;
  records: Map<string, FakeNamecomRecord[]>;
  forwarding: Map<string, FakeNamecomForwarding[]>;
  /** CreateDomain's idempotency keys: the request each came with, its answer and when. */
  idempotencyKeys: Map<string, { request: string; answer: FakeAnswer; at: number }>;
  /** Every renewal that went through (each one charged), in order. */
  renewals: { domainName: string; years: number }[];
  /** Names someone else holds. */
  taken: Set<string>;
  /** Names shown as available that someone else registers before Herald's create arrives. */
  goneAtRegistration: Set<string>;
  /** Prices in dollars by name; others cost 10.99 and renew at 12.99. */
  prices: Map<string, { purchasePrice: number; renewalPrice: number; premium?: boolean }>;
  /** Registers, then holds the answer this long (past the adapter's timeout: the answer is lost). */
  createDelayMs: number;
  /** Answers every request with this status and message instead (an outage). */
  outage: { status: number; message: string } | null;
  close(): Promise<void>;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const BASE = "/core/v1";
/** "Caches are cleared after 12 hours" (CreateDomain's X-Idempotent-Replay). */
const REPLAY_MS = 12 * 60 * 60 * 1000;

export async function startNamecomFake(credentials: { username: string; token: string }, clock: () => Date = () => new Date()): Promise<NamecomFake> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`).toString("base64")}`;
  let nextId = 1000;
  const state: Omit<NamecomFake, "url" | "http" | "close"> = {
    domains: new Map(),
    records: new Map(),
    forwarding: new Map(),
    idempotencyKeys: new Map(),
    renewals: [],
    taken: new Set(),
    goneAtRegistration: new Set(),
    prices: new Map(),
    createDelayMs: 0,
    outage: null,
  };

  // Core API error bodies: `message`, and `details` where the schema has it (InvalidArgument400, ...).
  const error = (status: number, message: string, details?: string): FakeAnswer => ({ status, body: details ? { message, details } : { message } });
  const notFound = (details = "The requested domain does not exist.") => error(404, "Not Found", details);
  const invalid = (details: string) => error(400, "Invalid argument", details);
  const priceOf = (name: string) => state.prices.get(name) ?? { purchasePrice: 10.99, renewalPrice: 12.99 };
  const result = (name: string) => {
    const purchasable = !state.taken.has(name) && !state.domains.has(name);
    // SearchResult: price fields are "only returned for domains that are purchasable"; a false
    // `purchasable` is left out as the API leaves out default values.
    if (!purchasable) return { domainName: name, sld: name.split(".")[0], tld: name.split(".").slice(1).join(".") };
    const price = priceOf(name);
    return {
      domainName: name,
      sld: name.split(".")[0],
      tld: name.split(".").slice(1).join("."),
      purchasable: true,
      ...(price.premium ? { premium: true } : {}),
      purchasePrice: price.purchasePrice,
      purchaseType: "registration",
      renewalPrice: price.renewalPrice,
    };
  };
  const json = (request: FakeRequest) => JSON.parse(request.body.toString("utf8") || "{}") as Record<string, unknown>;

  async function createDomain(request: FakeRequest): Promise<FakeAnswer> {
    // CreateDomain documents X-Idempotency-Key: a repeat with the same key replays the first answer
    // (with X-Idempotent-Replay) for 12 hours; the same key on a different request is refused with 409.
    const key = request.headers["x-idempotency-key"];
    const idempotencyKey = typeof key === "string" && key ? key : null;
    const sent = request.body.toString("utf8");
    if (idempotencyKey) {
      // "Caches are cleared after 12 hours" (X-Idempotent-Replay).
      const kept = state.idempotencyKeys.get(idempotencyKey);
      const earlier = kept && clock().getTime() - kept.at < REPLAY_MS ? kept : null;
      if (earlier && earlier.request !== sent) return error(409, "Idempotency key has been reused for a different request");
      if (earlier) return { ...earlier.answer, headers: { "x-idempotency-key": idempotencyKey, "x-idempotent-replay": "1" } };
    }
    const body = json(request) as { domain?: { domainName?: string }; years?: number; purchasePrice?: number; purchaseType?: string };
    const name = body.domain?.domainName?.toLowerCase() ?? "";
    if (!name) return error(400, "Bad Request", "'domainName' cannot be null");
    // The reference gives no text for a name that is not available at create; Name.com's own
    // answer is "Domain is not available" (the v4 documentation's wording), kept here.
    if (state.taken.has(name) || state.goneAtRegistration.has(name) || state.domains.has(name)) return invalid("Domain is not available");
    const price = priceOf(name);
    const years = body.years ?? 1;
    if (price.premium && body.purchasePrice === undefined) return invalid("Purchase price is required for premium domains in order to complete this request");
    // CreateDomain's premiumPurchase example: "the `purchasePrice` and `purchaseType` parameters are
    // required"; the reference gives no text for a missing type.
    if (price.premium && !body.purchaseType) return invalid("Purchase type is required for premium domains");
    // The reference does not document the answer to a wrong premium price; a 400 as for a missing one.
    if (price.premium && body.purchasePrice !== price.purchasePrice * years) return invalid("Purchase price does not match");
    const created = clock();
    const domain = { domainName: name, createDate: created.toISOString(), expireDate: new Date(created.getTime() + years * YEAR_MS).toISOString(), autorenewEnabled: true };
    state.domains.set(name, domain);
    const answer: FakeAnswer = { body: { domain: { ...domain, renewalPrice: price.renewalPrice }, order: nextId++, totalPaid: price.purchasePrice * years } };
    if (idempotencyKey) state.idempotencyKeys.set(idempotencyKey, { request: sent, answer, at: created.getTime() });
    if (state.createDelayMs) await new Promise((resolve) => setTimeout(resolve, state.createDelayMs));
    return idempotencyKey ? { ...answer, headers: { "x-idempotency-key": idempotencyKey } } : answer;
  }

  function records(request: FakeRequest, name: string, recordId: string | undefined): FakeAnswer {
    const list = state.records.get(name) ?? [];
    state.records.set(name, list);
    if (request.method === "GET" && !recordId) return { body: { records: list, totalCount: list.length, from: list.length ? 1 : 0, to: list.length } };
    if (request.method === "POST" && !recordId) {
      const body = json(request) as { host?: string; type?: string; answer?: string; ttl?: number; priority?: number };
      // DNSCreateRecordBody: `answer` has minLength 1; the reference lists no 400 for CreateRecord, so
      // the status here is the one its other operations use for invalid input.
      if (!body.type || !body.answer) return error(400, "Bad Request", "type and answer are required");
      // Record.host: the apex is "" or "@".
      const host = body.host === "@" ? "" : (body.host ?? "");
      const record: FakeNamecomRecord = { id: nextId++, domainName: name, host, fqdn: `${host ? `${host}.` : ""}${name}.`, type: body.type, answer: body.answer, ttl: body.ttl ?? 300, ...(body.priority !== undefined ? { priority: body.priority } : {}) };
      list.push(record);
      // Name.com leaves out empty values, the apex's host among them (Record.host is nullable).
      const { host: shownHost, ...rest } = record;
      return { body: shownHost ? record : rest };
    }
    if (request.method === "DELETE" && recordId) {
      const index = list.findIndex((record) => record.id === Number(recordId));
      if (index < 0) return notFound("The DNS record does not exist.");
      list.splice(index, 1);
      // DeleteRecord: 204, no body.
      return { status: 204 };
    }
    return notFound("Not Found");
  }

  function forwarding(request: FakeRequest, name: string, fullHost: string | undefined): FakeAnswer {
    const entries = state.forwarding.get(name) ?? [];
    state.forwarding.set(name, entries);
    if (request.method === "GET" && !fullHost) return { body: { urlForwarding: entries } };
    if (request.method === "POST" && !fullHost) {
      const body = json(request) as { host?: unknown; forwardsTo?: unknown; type?: unknown };
      // URLForwarding: host, forwardsTo and type are required; type is one of masked, redirect, 302.
      if (typeof body.host !== "string" || typeof body.forwardsTo !== "string" || !body.forwardsTo) return invalid("host, forwardsTo and type are required");
      if (body.type !== "masked" && body.type !== "redirect" && body.type !== "302") return invalid("type must be masked, redirect or 302");
      // URLForwarding.host is "the subdomain portion of the hostname" (the v4 API took the whole
      // host name): "www" forwards www.<domain>, so a whole name sent here is a subdomain of itself.
      // The reference does not say how the apex is written; "" or "@" as for DNS records.
      const sub = body.host.trim().toLowerCase();
      const host = sub === "" || sub === "@" ? name : `${sub}.${name}`;
      // CreateURLForwarding: 409 when "a URL forwarding entry already exists for this host".
      if (entries.some((entry) => entry.host === host)) return error(409, "Object already exists.", "A URL forwarding entry already exists for this host");
      const entry = { domainName: name, host, forwardsTo: body.forwardsTo, type: body.type };
      entries.push(entry);
      return { body: entry };
    }
    if (request.method === "DELETE" && fullHost) {
      // DeleteURLForwarding's {host} is "the full hostname, including subdomain"; 204 on success.
      const index = entries.findIndex((entry) => entry.host === fullHost.toLowerCase());
      if (index < 0) return notFound("The URL forwarding entry does not exist.");
      entries.splice(index, 1);
      return { status: 204 };
    }
    return notFound("Not Found");
  }

  async function handle(request: FakeRequest): Promise<FakeAnswer> {
    // BasicAuth: username and API token; "401 Unauthenticated" when they are wrong (Unauthorized401).
    if (request.headers.authorization !== expected) return error(401, "Unauthorized");
    if (state.outage) return error(state.outage.status, state.outage.message);
    // "All POST, PUT, PATCH requests for this API must include the `Content-Type: application/json`
    // header" (415, UnsupportedMedia415).
    if (["POST", "PUT", "PATCH"].includes(request.method) && !String(request.headers["content-type"]).startsWith("application/json")) {
      return error(415, "The 'Content-Type' header must be 'application/json' for this request.");
    }
    const path = decodeURIComponent(request.path.split("?")[0]!);
    // The reference documents only /core/v1 paths: anything else (the v4 paths among them) is an
    // unknown route here. What Name.com answers on /v4 today the reference does not say.
    if (!path.startsWith(`${BASE}/`)) return notFound("Not Found");
    const route = path.slice(BASE.length);
    if (request.method === "POST" && route === "/domains:checkAvailability") {
      const names = ((json(request).domainNames as string[] | undefined) ?? []).map((name) => name.toLowerCase());
      // AvailabilityRequest: 1 to 50 names; the reference gives the limits, not the refusal's status.
      if (!names.length || names.length > 50) return invalid("Between 1 and 50 domain names can be checked at once");
      return { body: { results: names.map(result) } };
    }
    if (request.method === "POST" && route === "/domains:search") {
      const keyword = String(json(request).keyword).split(".")[0];
      return { body: { results: [`${keyword}.net`, `get${keyword}.com`, `${keyword}.com`, `${keyword}.io`].map(result) } };
    }
    if (request.method === "POST" && route === "/domains") return createDomain(request);

    const match = /^\/domains\/([^/:]+)(?::([A-Za-z]+))?(\/records(?:\/(\d+))?|\/url\/forwarding(?:\/(.+))?)?$/.exec(route);
    if (!match) return notFound("Not Found");
    const [, rawName, action, sub, recordId, forwardHost] = match;
    const name = rawName!.toLowerCase();
    const domain = state.domains.get(name);
    if (!domain) return notFound();
    // DomainResponsePayload carries the domain's renewalPrice.
    if (!action && !sub && request.method === "GET") return { body: { ...domain, renewalPrice: priceOf(name).renewalPrice } };
    if (!action && !sub && request.method === "PATCH") {
      // UpdateDomain: one or more of autorenewEnabled, privacyEnabled, locked, else 400; an expired
      // domain is refused with 403.
      const body = json(request) as { autorenewEnabled?: unknown; privacyEnabled?: unknown; locked?: unknown };
      const given = [body.autorenewEnabled, body.privacyEnabled, body.locked].filter((value) => value !== undefined);
      if (!given.length || given.some((value) => typeof value !== "boolean")) return invalid("One of autorenewEnabled, privacyEnabled or locked is required");
      if (new Date(domain.expireDate).getTime() <= clock().getTime()) return error(403, "Permission denied", "The domain has expired");
      if (typeof body.autorenewEnabled === "boolean") domain.autorenewEnabled = body.autorenewEnabled;
      return { body: domain };
    }
    if (action === "renew" && request.method === "POST") {
      // RenewDomain documents no X-Idempotency-Key (only CreateDomain, purchasePrivacy and contact
      // verification do): every call renews and is charged, whatever header it carries.
      const body = json(request) as { years?: number; purchasePrice?: number };
      // RenewDomain's 400 examples: a premium name's renewal needs purchasePrice. The reference does
      // not document the answer to a wrong price; a 400 as for a missing one.
      if (priceOf(name).premium && body.purchasePrice === undefined) return invalid("Purchase price is required for premium domains in order to complete this request");
      if (body.purchasePrice !== undefined && body.purchasePrice !== priceOf(name).renewalPrice) return invalid("Purchase price does not match");
      const years = body.years ?? 1;
      domain.expireDate = new Date(new Date(domain.expireDate).getTime() + years * YEAR_MS).toISOString();
      state.renewals.push({ domainName: name, years });
      return { body: { domain, order: nextId++, totalPaid: priceOf(name).renewalPrice * years } };
    }
    // :enableAutorenew and :disableAutorenew are "DEPRECATED ... in favor of the new UpdateDomain API.
    // This will be removed in a future release": the fake has removed them, so Herald cannot lean on them.
    if (action) return notFound("Not Found");
    if (sub?.startsWith("/records")) return records(request, name, recordId);
    if (sub?.startsWith("/url/forwarding")) return forwarding(request, name, forwardHost);
    return notFound("Not Found");
  }

  const http = await startLocalHttpFake(handle);
  const fake: NamecomFake = Object.assign(state, { url: http.url, http, close: () => http.close() });
  return fake;
}
