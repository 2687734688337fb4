// Small in-memory stand-ins for the registrar and the mail platform, for the mailbox order and
// managed mailbox tests: timings on Herald's clock and faults chosen per test (a taken name, a lost
// answer, a slow registration, a platform refusing users for a while, a call that fails), prices
// and platforms per test, with every call counted or recorded.
import { now } from "../../lib/clock";
import type { MailPlatform, MailTenant } from "../../providers/mail-platform/types";
import { ProvisioningError } from "../../providers/provisioning-error";
import type { DomainAvailability, Registrar, Registration } from "../../providers/registrar/types";
import type { TDnsRecord, TMailPlatform } from "../../schemas/mailbox-order";

const YEAR_MS = 365 * 86_400_000;

export type RegistrarCall = Exclude<keyof Registrar, "name">;
export type MailPlatformCall = Exclude<keyof MailPlatform, "name" | "platforms">;

/**
 * Makes the calls in `failing`, and with `only` every call not in it, reject as an unreachable
 * provider would (for a call the test must never see, the rejection shows that it was made).
 */
function withFailures<T extends object, K extends keyof T>(provider: T, label: string, calls: readonly K[], options: { failing?: readonly K[]; only?: readonly K[] }): T {
  for (const call of calls) {
    if (options.failing?.includes(call) || (options.only && !options.only.includes(call))) {
      Object.assign(provider, { [call]: () => Promise.reject(new Error(`The fake ${label} refused ${String(call)}: connection refused`)) });
    }
  }
  return provider;
}

const registrarCalls: RegistrarCall[] = ["checkDomains", "suggestDomains", "registerDomain", "findRegistration", "publishDns", "renewDomain", "setAutoRenew"];
const mailPlatformCalls: MailPlatformCall[] = ["ensureTenant", "getTenant", "ensureUser", "grantAccess", "removeUser"];

export interface FakeRegistrarOptions {
  /** Each name's availability and prices (default: available, 1200 the first year and each renewal). */
  availability?: (name: string) => Omit<DomainAvailability, "name">;
  /** The suggestions for a search word (default: `<query>.com`). */
  suggestions?: (query: string) => string[];
  /** The expiry of a name Herald holds that this fake did not register, renewed from (default: now). */
  expiresAt?: (name: string) => Date | Promise<Date>;
  /** Calls that fail (a registrar down). */
  failing?: RegistrarCall[];
  /** When given, every other call fails: the test must not see it. */
  only?: RegistrarCall[];
  /** Names someone else holds: refused as taken at registration. */
  taken?: string[];
  /** Names whose first registration call registers but loses its answer. */
  loseFirstAnswer?: string[];
  /** How long after the call a registration becomes active (default 10 s). */
  activeAfterMs?: (name: string) => number;
  /** Runs once a renewal has happened, before its answer (throwing loses the answer). */
  afterRenewal?: (name: string) => Promise<void>;
}

export function fakeRegistrar(options: FakeRegistrarOptions = {}) {
  const registrations = new Map<string, { registrationId: string; activeAt: Date; expiresAt: Date }>();
  const registerCalls = new Map<string, number>();
  const published = new Map<string, { records: TDnsRecord[]; redirectUrl: string | null }>();
  /**
   * Every renewal call, and each setAutoRenew call. Each call renews (and is charged) again, whatever
   * its reference: Name.com documents no idempotency for renewals (Core API 1.7.0, RenewDomain).
   */
  const renewals: Array<{ name: string; years: number; reference: string }> = [];
  /** The expiry of names Herald holds that this fake did not register, once renewed here. */
  const renewedElsewhere = new Map<string, Date>();
  const autoRenew: Array<{ name: string; enabled: boolean }> = [];
  const view = (name: string): Registration | null => {
    const held = registrations.get(name);
    if (!held) return null;
    return { name, registrationId: held.registrationId, status: held.activeAt <= now() ? "active" : "pending", expiresAt: held.expiresAt };
  };
  const registrar: Registrar = {
    name: "sandbox",
    checkDomains: async (names) =>
      names.map((name) => ({ name, ...(options.availability?.(name) ?? { available: true, priceCents: 1200, renewalCents: 1200, currency: "usd", reason: null }) })),
    suggestDomains: async (query) => options.suggestions?.(query) ?? [`${query}.com`],
    async registerDomain({ name, years }) {
      const calls = (registerCalls.get(name) ?? 0) + 1;
      registerCalls.set(name, calls);
      if (options.taken?.includes(name)) throw new ProvisioningError("refused", `${name} is already registered by someone else`, { reason: "taken" });
      if (!registrations.has(name)) {
        const at = now();
        registrations.set(name, {
          registrationId: `reg-${name}`,
          activeAt: new Date(at.getTime() + (options.activeAfterMs?.(name) ?? 10_000)),
          expiresAt: new Date(at.getTime() + years * YEAR_MS),
        });
      }
      if (calls === 1 && options.loseFirstAnswer?.includes(name)) throw new ProvisioningError("timeout", `The registrar did not answer about ${name}`);
      return view(name)!;
    },
    async findRegistration(name) {
      const held = view(name);
      if (held || !options.expiresAt) return held;
      const expiresAt = renewedElsewhere.get(name) ?? (await options.expiresAt(name));
      return { name, registrationId: `reg-${name}`, status: "active", expiresAt };
    },
    async publishDns({ name, records, redirectUrl }) {
      published.set(name, { records, redirectUrl });
    },
    async renewDomain({ name, years, reference }) {
      renewals.push({ name, years, reference });
      const held = registrations.get(name);
      const from = held?.expiresAt ?? renewedElsewhere.get(name) ?? (await options.expiresAt?.(name)) ?? now();
      const expiresAt = new Date(from.getTime() + years * YEAR_MS);
      if (held) held.expiresAt = expiresAt;
      else renewedElsewhere.set(name, expiresAt);
      await options.afterRenewal?.(name);
      return { expiresAt };
    },
    async setAutoRenew(name, enabled) {
      autoRenew.push({ name, enabled });
    },
  };
  withFailures(registrar, "registrar", registrarCalls, options);
  return { registrar, registerCalls, published, registrations, renewals, autoRenew };
}

export interface FakeMailPlatformOptions {
  /** The platforms it hosts (default: google and microsoft). */
  platforms?: TMailPlatform[];
  /** Calls that fail (a platform down). */
  failing?: MailPlatformCall[];
  /** When given, every other call fails: the test must not see it. */
  only?: MailPlatformCall[];
  /** How long after its creation a tenant is ready (default 10 s). */
  readyAfterMs?: (domain: string) => number;
  /** Users cannot be created until then (a transient refusal). */
  refuseUsersUntil?: Date;
  /** Addresses the platform refuses for good (a lasting `refused`). */
  refuseAddresses?: string[];
  /**
   * As Microsoft 365 does: a tenant is ready only once this says its verification TXT
   * (`fake-verify=<domain>`) can be seen, and names its mail records only from then on.
   */
  verified?: (domain: string, record: TDnsRecord) => boolean;
}

export function fakeMailPlatform(options: FakeMailPlatformOptions = {}) {
  const tenants = new Map<string, { tenantId: string; readyAt: Date }>();
  const users = new Map<string, { userId: string; tenantId: string; isAdmin: boolean }>();
  const calls = { ensureTenant: 0, ensureUser: 0, grantAccess: 0 };
  /** The address of each removeUser call, in order. */
  const removed: string[] = [];
  const view = (domain: string): MailTenant => {
    const tenant = tenants.get(domain)!;
    if (options.verified) {
      const verification: TDnsRecord = { type: "TXT", host: "@", value: `fake-verify=${domain}`, priority: null };
      if (tenant.readyAt > now() || !options.verified(domain, verification)) return { tenantId: tenant.tenantId, ready: false, dnsRecords: [verification] };
    }
    return {
      tenantId: tenant.tenantId,
      ready: tenant.readyAt <= now(),
      dnsRecords: [
        { type: "MX", host: "@", value: `mx.${domain}.fake-mail.test`, priority: 10 },
        { type: "TXT", host: "@", value: "v=spf1 include:fake-mail.test ~all", priority: null },
        { type: "CNAME", host: "selector1._domainkey", value: `dkim.${domain}.fake-mail.test`, priority: null },
      ],
    };
  };
  const platform: MailPlatform = {
    name: "sandbox",
    platforms: options.platforms ?? ["google", "microsoft"],
    async ensureTenant({ domain }) {
      calls.ensureTenant += 1;
      if (!tenants.has(domain)) tenants.set(domain, { tenantId: `tenant-${domain}`, readyAt: new Date(now().getTime() + (options.readyAfterMs?.(domain) ?? 10_000)) });
      return view(domain);
    },
    getTenant: async ({ domain }) => view(domain),
    async ensureUser({ tenantId, email, isAdmin }) {
      calls.ensureUser += 1;
      if (options.refuseUsersUntil && now() < options.refuseUsersUntil) {
        throw new ProvisioningError("transient", `The mail platform is not creating users for ${email.split("@")[1]} yet`);
      }
      if (options.refuseAddresses?.includes(email)) throw new ProvisioningError("refused", `The mail platform does not allow the address ${email}`, { reason: "invalid" });
      if (!users.has(email)) users.set(email, { userId: `user-${email}`, tenantId, isAdmin });
      return { userId: users.get(email)!.userId };
    },
    async grantAccess() {
      calls.grantAccess += 1;
      return { kind: "sandbox" };
    },
    async removeUser({ email }) {
      removed.push(email);
      users.delete(email);
    },
  };
  withFailures(platform, "mail platform", mailPlatformCalls, options);
  return { platform, tenants, users, calls, removed };
}
