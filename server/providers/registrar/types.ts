// A domain registrar, as mailbox orders use it: price and availability, registration (idempotent
// only through `findRegistration`: a lost answer is reconciled by asking, never by registering
// again), the DNS records Herald keeps for the domain, renewal. Failures are ProvisioningErrors
// (../provisioning-error.ts). The sandbox (./sandbox) is the default; Name.com (./namecom) is real.
import type { TDnsRecord } from "../../schemas/mailbox-order";

export type RegistrarName = "sandbox" | "namecom";

/** One domain's availability and yearly price at the registrar. */
export interface DomainAvailability {
  name: string;
  available: boolean;
  /** First-year registration price in cents; null when not available. */
  priceCents: number | null;
  /** Yearly renewal price in cents; null when not available. */
  renewalCents: number | null;
  currency: string;
  /** Why it is not available, in plain words (`Someone already registered it`). */
  reason: string | null;
}

export interface Registration {
  name: string;
  /** The registrar's id of the registration. */
  registrationId: string;
  /** `pending` until the registry confirmed it; DNS can be published once `active`. */
  status: "pending" | "active";
  expiresAt: Date;
}

export interface Registrar {
  readonly name: RegistrarName;
  /** Availability and price of each name, in the order given (at most 50). */
  checkDomains(names: string[]): Promise<DomainAvailability[]>;
  /** Candidate names for a search word (`acme` → acme.com, getacme.com, …), best first, at most 20. */
  suggestDomains(query: string): Promise<string[]>;
  /**
   * Registers the name to Herald's account for `years`. Throws ProvisioningError `refused` (reason
   * `taken` when someone else holds it), `timeout` when the answer was lost (it may have happened).
   */
  registerDomain(input: { name: string; years: number; reference: string }): Promise<Registration>;
  /** The registration of this name in Herald's account, or null when Herald's account does not hold it. */
  findRegistration(name: string): Promise<Registration | null>;
  /**
   * Makes the domain's DNS hold exactly these records among those Herald manages, and its web address
   * redirect to `redirectUrl` (none when null). Safe to repeat.
   */
  publishDns(input: { name: string; records: TDnsRecord[]; redirectUrl: string | null }): Promise<void>;
  /**
   * Renews the registration for `years` more. Each call may renew (and charge) again: `reference` is
   * honoured only where the registrar documents it (the sandbox; Name.com documents no idempotency for
   * renewals), so a caller renews once on its own side (renew-managed-domain.ts).
   */
  renewDomain(input: { name: string; years: number; reference: string }): Promise<{ expiresAt: Date }>;
  /** Turns the registrar's own automatic renewal on or off (Herald renews itself; off when stopped). */
  setAutoRenew(name: string, enabled: boolean): Promise<void>;
}
