// Name.com as Herald's registrar (HERALD_REGISTRAR=namecom), through its Core API (reference:
// "name.com Core API" OpenAPI 1.7.0, paths under `/core/v1`; the older `/v4` paths are not used) with
// HTTP Basic auth (account username and API token, not the password; the test environment
// api.dev.name.com wants the username with "-test"): availability and prices from
// `POST /core/v1/domains:checkAvailability`, suggestions from `POST /core/v1/domains:search`,
// registration with `POST /core/v1/domains` (CreateDomain), the registration with
// `GET /core/v1/domains/{name}`, the zone's records under `/core/v1/domains/{name}/records`, the web
// redirect under `/url/forwarding`, renewal with `POST /core/v1/domains/{name}:renew`, and the
// registrar's own auto-renewal with `PATCH /core/v1/domains/{name}` (UpdateDomain; the
// `:enableAutorenew` / `:disableAutorenew` calls are deprecated in its favour).
// Name.com quotes prices in US dollars as decimals; Herald keeps integer cents.
import { now } from "../../../lib/clock";
import { ProvisioningError } from "../../provisioning-error";
import { isRetryableStatus, provisioningFetch, shortDetail, type ProvisioningAnswer, type RequestEffect } from "../../provisioning-fetch";
import type { DomainAvailability, Registrar, Registration } from "../types";
import { publishNamecomDns } from "./namecom-dns";
import { domainPath, NAMECOM_BASE_PATH } from "./namecom-paths";

export const NAMECOM_API_URL = "https://api.name.com";

/** Name.com's prices are always US dollars. */
const CURRENCY = "usd";
const SERVICE = "Name.com";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

interface NamecomResult {
  domainName: string;
  purchasable?: boolean;
  premium?: boolean;
  purchasePrice?: number;
  renewalPrice?: number;
  purchaseType?: string;
}

interface NamecomDomain {
  domainName: string;
  expireDate?: string;
  createDate?: string;
  autorenewEnabled?: boolean;
  renewalPrice?: number;
}

/** Dollars as Name.com sends them (10.99) to integer cents (1099), without float drift (0.29 → 29). */
export function dollarsToCents(dollars: number | undefined | null): number | null {
  if (typeof dollars !== "number" || !Number.isFinite(dollars) || dollars < 0) return null;
  return Math.round(Number(dollars.toFixed(4)) * 100);
}

export interface NamecomCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  effect: RequestEffect;
  what: string;
  /** The domain the call is about, for the "taken" message. */
  domain?: string;
  headers?: Record<string, string>;
  /** Answer null instead of throwing on 404. */
  missingIsNull?: boolean;
}

export type NamecomClient = <T>(call: NamecomCall) => Promise<T | null>;

function errorText(answer: ProvisioningAnswer): string {
  const body = answer.body as { message?: unknown; details?: unknown } | null;
  const parts = [body?.message, body?.details].filter((part): part is string => typeof part === "string" && part.trim() !== "");
  return shortDetail(parts.length ? parts.join(": ") : answer.text);
}

function namecomError(answer: ProvisioningAnswer, call: NamecomCall): ProvisioningError {
  const detail = errorText(answer);
  const said = `${SERVICE} answered HTTP ${answer.status}${detail ? ` (${detail})` : ""} while ${call.what}`;
  if (isRetryableStatus(answer.status)) return new ProvisioningError("transient", said);
  if (/not available|unavailable|already registered|is taken/i.test(detail)) {
    return new ProvisioningError("refused", `Someone already registered ${call.domain ?? "the domain"}`, { reason: "taken" });
  }
  // 403 is also the Core API's answer for an expired domain (UpdateDomain, URL forwarding) and for a
  // zone whose nameservers are not Name.com's (DeleteRecord): not a credentials problem.
  if (answer.status === 403 && /expired|nameserver/i.test(detail)) return new ProvisioningError("refused", said, { reason: "invalid" });
  if (answer.status === 401 || answer.status === 403) return new ProvisioningError("refused", `${SERVICE} did not accept Herald's username and token: ${said}`, { reason: "unauthorized" });
  if (answer.status === 402 || /insufficient|credit|funds/i.test(detail)) return new ProvisioningError("refused", `The Name.com account has too little credit: ${said}`, { reason: "payment" });
  return new ProvisioningError("refused", said, { reason: "invalid" });
}

export function createNamecomClient(options: { baseUrl: string; username: string; token: string; fetch?: typeof fetch; timeoutMs?: number }): NamecomClient {
  const base = options.baseUrl.replace(/\/$/, "");
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.token}`).toString("base64")}`;
  return async <T>(call: NamecomCall): Promise<T | null> => {
    const headers: Record<string, string> = { authorization, accept: "application/json", ...call.headers };
    // The Core API answers 415 to a POST, PUT or PATCH without this content type (e.g. CreateDomain's 415).
    if (call.body !== undefined || call.method !== "GET") headers["content-type"] = "application/json";
    const answer = await provisioningFetch(
      `${base}${call.path}`,
      { method: call.method, headers, body: call.body === undefined ? (call.method === "POST" ? "{}" : undefined) : JSON.stringify(call.body) },
      { service: SERVICE, what: call.what, effect: call.effect, timeoutMs: options.timeoutMs ?? 30_000, fetch: options.fetch },
    );
    if (answer.status === 404 && call.missingIsNull) return null;
    if (!answer.ok) throw namecomError(answer, call);
    return answer.body as T | null;
  };
}


function toRegistration(domain: NamecomDomain, fallbackYears: number): Registration {
  const expires = domain.expireDate ? new Date(domain.expireDate) : null;
  return {
    name: domain.domainName.toLowerCase(),
    // Name.com keys a registration by its name; it has no other id for it.
    registrationId: domain.domainName.toLowerCase(),
    status: expires && !Number.isNaN(expires.getTime()) ? "active" : "pending",
    expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : new Date(now().getTime() + fallbackYears * YEAR_MS),
  };
}

function toAvailability(name: string, result: NamecomResult | undefined): DomainAvailability {
  // Other purchase types (aftermarket, backorder) have a flat price and no chosen term: not offered.
  const offered = result?.purchasable === true && (!result.purchaseType || result.purchaseType === "registration");
  const priceCents = offered ? dollarsToCents(result.purchasePrice) : null;
  if (!offered || priceCents === null) {
    const reason = result?.purchasable && result.purchaseType ? "It is only sold on the aftermarket" : "Someone already registered it";
    return { name, available: false, priceCents: null, renewalCents: null, currency: CURRENCY, reason };
  }
  return { name, available: true, priceCents, renewalCents: dollarsToCents(result.renewalPrice) ?? priceCents, currency: CURRENCY, reason: null };
}

export function createNamecomRegistrar(options: { baseUrl: string; username: string; token: string; fetch?: typeof fetch; timeoutMs?: number }): Registrar {
  const call = createNamecomClient(options);

  async function check(names: string[]): Promise<{ availability: DomainAvailability[]; results: Map<string, NamecomResult> }> {
    if (!names.length) return { availability: [], results: new Map() };
    const body = await call<{ results?: NamecomResult[] }>({
      method: "POST",
      // The `:` stays unencoded, as the reference asks.
      path: `${NAMECOM_BASE_PATH}/domains:checkAvailability`,
      body: { domainNames: names.slice(0, 50) },
      effect: "repeatable",
      what: "checking availability",
    });
    const results = new Map((body?.results ?? []).map((result) => [result.domainName.toLowerCase(), result]));
    return { availability: names.slice(0, 50).map((name) => toAvailability(name, results.get(name.toLowerCase()))), results };
  }

  async function findRegistration(name: string): Promise<Registration | null> {
    const domain = await call<NamecomDomain>({ method: "GET", path: domainPath(name), effect: "repeatable", what: `looking up ${name}`, missingIsNull: true });
    return domain?.domainName ? toRegistration(domain, 1) : null;
  }

  return {
    name: "namecom",

    async checkDomains(names) {
      return (await check(names)).availability;
    },

    async suggestDomains(query) {
      const keyword = query.trim().toLowerCase();
      if (!keyword) return [];
      const body = await call<{ results?: NamecomResult[] }>({
        method: "POST",
        path: `${NAMECOM_BASE_PATH}/domains:search`,
        body: { keyword, timeout: 5000 },
        effect: "repeatable",
        what: `searching for ${keyword}`,
      });
      const names = [...new Set((body?.results ?? []).filter((result) => toAvailability(result.domainName, result).available).map((result) => result.domainName.toLowerCase()))];
      // Name.com says its order is not to be relied on: the exact word first, then .com, then the rest.
      const rank = (name: string) => (name.split(".")[0] === keyword.split(".")[0] ? 0 : 2) + (name.endsWith(".com") ? 0 : 1);
      return names.sort((a, b) => rank(a) - rank(b)).slice(0, 20);
    },

    async registerDomain({ name, years, reference }) {
      const { availability, results } = await check([name]);
      if (!availability[0]?.available) {
        // Asked again after a lost answer, the name is "not available" because Herald holds it.
        const held = await findRegistration(name);
        if (held) return held;
        throw new ProvisioningError("refused", `Someone already registered ${name}`, { reason: "taken" });
      }
      const result = results.get(name.toLowerCase());
      const answer = await call<{ domain?: NamecomDomain }>({
        method: "POST",
        path: `${NAMECOM_BASE_PATH}/domains`,
        // A premium name's price and purchase type must be confirmed, the price for all the years
        // (CreateDomain's premiumPurchaseMultiYear example: the one-year price times the years); a
        // standard one is charged at the account's price.
        body: {
          domain: { domainName: name },
          years,
          ...(result?.premium && result.purchasePrice !== undefined ? { purchasePrice: Math.round(result.purchasePrice * years * 100) / 100, purchaseType: result.purchaseType } : {}),
        },
        effect: "once",
        what: `registering ${name}`,
        domain: name,
        // CreateDomain documents X-Idempotency-Key: a retried create within 12 hours replays the first answer.
        headers: { "x-idempotency-key": reference },
      });
      if (!answer?.domain?.domainName) return (await findRegistration(name)) ?? toRegistration({ domainName: name }, years);
      return toRegistration(answer.domain, years);
    },

    findRegistration,

    async publishDns({ name, records, redirectUrl }) {
      await publishNamecomDns(call, { name, records, redirectUrl });
    },

    async renewDomain({ name, years }) {
      // RenewDomain documents no idempotency header (only CreateDomain, purchasePrivacy and contact
      // verification do), so each call renews and charges: Herald renews once on its side (see
      // renew-managed-domain.ts), and no header is sent that would suggest otherwise.
      const held = await call<NamecomDomain>({ method: "GET", path: domainPath(name), effect: "repeatable", what: `looking up ${name}`, missingIsNull: true });
      if (!held?.domainName) throw new ProvisioningError("refused", `Herald's Name.com account does not hold ${name}`, { reason: "missing" });
      // RenewDomain wants `purchasePrice` for a name with non-standard (premium) pricing, and the
      // domain's `renewalPrice` "may be required for the RenewDomain operation": Herald confirms the
      // price Name.com quotes. It is the price of the minimum period (a year); Herald renews one year
      // at a time, and the reference does not say what a longer renewal confirms.
      const purchasePrice = years === 1 && typeof held.renewalPrice === "number" ? { purchasePrice: held.renewalPrice } : {};
      const answer = await call<{ domain?: NamecomDomain }>({
        method: "POST",
        path: `${domainPath(name)}:renew`,
        body: { years, ...purchasePrice },
        effect: "once",
        what: `renewing ${name}`,
        domain: name,
      });
      const expires = answer?.domain?.expireDate ? new Date(answer.domain.expireDate) : null;
      if (expires && !Number.isNaN(expires.getTime())) return { expiresAt: expires };
      const found = await findRegistration(name);
      if (!found) throw new ProvisioningError("refused", `Herald's Name.com account does not hold ${name}`, { reason: "missing" });
      return { expiresAt: found.expiresAt };
    },

    async setAutoRenew(name, enabled) {
      await call({
        method: "PATCH",
        path: domainPath(name),
        body: { autorenewEnabled: enabled },
        effect: "repeatable",
        what: `turning ${enabled ? "on" : "off"} automatic renewal of ${name}`,
        domain: name,
      });
    },
  };
}
