// A stand-in for Name.com's v4 API on loopback, answering in its documented shapes and keeping an
// account's state: registered domains, their DNS records and URL forwarding. It checks HTTP Basic
// auth and the JSON content type Name.com demands on POST, omits default values as Name.com does
// (`purchasable: false` is left out), and can lose a registration's answer after registering.
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

export interface NamecomFake {
  url: string;
  http: LocalHttpFake;
  domains: Map<string, FakeNamecomDomain>;
  records: Map<string, FakeNamecomRecord[]>;
  forwarding: Map<string, { domainName: string; host: string; forwardsTo: string; type: string }[]>;
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

export async function startNamecomFake(credentials: { username: string; token: string }, clock: () => Date = () => new Date()): Promise<NamecomFake> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`).toString("base64")}`;
  const renewals = new Set<string>();
  let nextId = 1000;
  const state: Omit<NamecomFake, "url" | "http" | "close"> = {
    domains: new Map(),
    records: new Map(),
    forwarding: new Map(),
    taken: new Set(),
    goneAtRegistration: new Set(),
    prices: new Map(),
    createDelayMs: 0,
    outage: null,
  };

  const error = (status: number, message: string, details?: string): FakeAnswer => ({ status, body: details ? { message, details } : { message } });
  const priceOf = (name: string) => state.prices.get(name) ?? { purchasePrice: 10.99, renewalPrice: 12.99 };
  const result = (name: string) => {
    const purchasable = !state.taken.has(name) && !state.domains.has(name);
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

  async function handle(request: FakeRequest): Promise<FakeAnswer> {
    if (request.headers.authorization !== expected) return error(401, "Unauthorized");
    if (state.outage) return error(state.outage.status, state.outage.message);
    if ((request.method === "POST" || request.method === "PUT") && !String(request.headers["content-type"]).startsWith("application/json")) {
      return error(403, "Forbidden", "Content-Type must be application/json");
    }
    const path = decodeURIComponent(request.path);
    if (request.method === "POST" && path === "/v4/domains:checkAvailability") {
      const names = (json(request).domainNames as string[]).map((name) => name.toLowerCase());
      return { body: { results: names.map(result) } };
    }
    if (request.method === "POST" && path === "/v4/domains:search") {
      const keyword = String(json(request).keyword).split(".")[0];
      return { body: { results: [`${keyword}.net`, `get${keyword}.com`, `${keyword}.com`, `${keyword}.io`].map(result) } };
    }
    if (request.method === "POST" && path === "/v4/domains") {
      const body = json(request) as { domain?: { domainName?: string }; years?: number; purchasePrice?: number };
      const name = body.domain?.domainName?.toLowerCase() ?? "";
      if (!name) return error(400, "Invalid Argument", "domain.domainName is required");
      if (state.taken.has(name) || state.goneAtRegistration.has(name) || state.domains.has(name)) return error(400, "Invalid Argument", "Domain is not available");
      const price = priceOf(name);
      if (price.premium && body.purchasePrice !== price.purchasePrice) return error(400, "Invalid Argument", "Purchase price does not match");
      const created = clock();
      const domain = { domainName: name, createDate: created.toISOString(), expireDate: new Date(created.getTime() + (body.years ?? 1) * YEAR_MS).toISOString(), autorenewEnabled: true };
      state.domains.set(name, domain);
      if (state.createDelayMs) await new Promise((resolve) => setTimeout(resolve, state.createDelayMs));
      return { body: { domain: { ...domain, renewalPrice: price.renewalPrice }, order: nextId++, totalPaid: price.purchasePrice * (body.years ?? 1) } };
    }
    const match = /^\/v4\/domains\/([^/:]+)(?::(renew|enableAutorenew|disableAutorenew))?(\/records(?:\/(\d+))?|\/url\/forwarding(?:\/(.+))?)?$/.exec(path);
    if (!match) return error(404, "Not Found");
    const [, rawName, action, sub, recordId, forwardHost] = match;
    const name = rawName!.toLowerCase();
    const domain = state.domains.get(name);
    if (!domain) return error(404, "Not Found", "Domain not found");
    if (!action && !sub && request.method === "GET") return { body: domain };
    if (action === "renew" && request.method === "POST") {
      const key = String(request.headers["x-idempotency-key"] ?? "");
      if (!key || !renewals.has(key)) {
        domain.expireDate = new Date(new Date(domain.expireDate).getTime() + Number(json(request).years ?? 1) * YEAR_MS).toISOString();
        if (key) renewals.add(key);
      }
      return { body: { domain, order: nextId++, totalPaid: priceOf(name).renewalPrice } };
    }
    if ((action === "enableAutorenew" || action === "disableAutorenew") && request.method === "POST") {
      domain.autorenewEnabled = action === "enableAutorenew";
      return { body: domain };
    }
    if (sub?.startsWith("/records")) {
      const records = state.records.get(name) ?? [];
      state.records.set(name, records);
      if (request.method === "GET" && !recordId) return { body: { records } };
      if (request.method === "POST" && !recordId) {
        const body = json(request) as { host?: string; type?: string; answer?: string; ttl?: number; priority?: number };
        if (!body.type || !body.answer) return error(400, "Invalid Argument", "type and answer are required");
        const host = body.host === "@" ? "" : (body.host ?? "");
        const record: FakeNamecomRecord = { id: nextId++, domainName: name, host, fqdn: `${host ? `${host}.` : ""}${name}.`, type: body.type, answer: body.answer, ttl: body.ttl ?? 300, ...(body.priority !== undefined ? { priority: body.priority } : {}) };
        records.push(record);
        // Name.com leaves out empty values, the apex's host among them.
        const { host: shownHost, ...rest } = record;
        return { body: shownHost ? record : rest };
      }
      if (request.method === "DELETE" && recordId) {
        const index = records.findIndex((record) => record.id === Number(recordId));
        if (index < 0) return error(404, "Not Found");
        records.splice(index, 1);
        return { body: {} };
      }
    }
    if (sub?.startsWith("/url/forwarding")) {
      const entries = state.forwarding.get(name) ?? [];
      state.forwarding.set(name, entries);
      if (request.method === "GET" && !forwardHost) return { body: { urlForwarding: entries } };
      if (request.method === "POST" && !forwardHost) {
        const body = json(request) as { host?: string; forwardsTo?: string; type?: string };
        if (!body.forwardsTo) return error(400, "Invalid Argument", "forwardsTo is required");
        const host = body.host || name;
        if (entries.some((entry) => entry.host === host)) return error(400, "Invalid Argument", "URL forwarding already exists for host");
        const entry = { domainName: name, host, forwardsTo: body.forwardsTo, type: body.type ?? "redirect" };
        entries.push(entry);
        return { body: entry };
      }
      if (request.method === "DELETE" && forwardHost) {
        const index = entries.findIndex((entry) => entry.host === forwardHost);
        if (index < 0) return error(404, "Not Found");
        entries.splice(index, 1);
        return { body: {} };
      }
    }
    return error(404, "Not Found");
  }

  const http = await startLocalHttpFake(handle);
  const fake: NamecomFake = Object.assign(state, { url: http.url, http, close: () => http.close() });
  return fake;
}
