// The sandbox registrar: Herald's default, a simulated registrar whose account is the
// SandboxDomainRegistration table. Prices by top-level domain (./sandbox-domain-catalog.ts); words in
// the first label fail in known ways (./sandbox-markers.ts); a registration turns active a seeded
// 5–30 s after the call on Herald's clock. Every write is one statement that decides on its own
// (an insert that skips a duplicate, a conditional update), so two workers racing on one name
// register it once.
import { db } from "../../../db/client";
import { env } from "../../../env";
import { now } from "../../../lib/clock";
import type { TDnsRecord } from "../../../schemas/mailbox-order";
import { ProvisioningError } from "../../provisioning-error";
import type { DomainAvailability, Registrar, Registration } from "../types";
import { isValidDomainName, normalizeDomainName, RESERVED_DOMAINS, suggestDomainNames, tldPrice } from "./sandbox-domain-catalog";
import { sandboxMarkers, seededHex, seededSettleMs, SLOW_REGISTRATION_MS } from "./sandbox-markers";

const MOST_NAMES_PER_CHECK = 50;
const MOST_YEARS = 10;

interface RegistrationRow {
  name: string;
  registrationId: string;
  activeAt: Date;
  expiresAt: Date;
}

function toRegistration(row: RegistrationRow): Registration {
  return {
    name: row.name,
    registrationId: row.registrationId,
    status: now().getTime() >= row.activeAt.getTime() ? "active" : "pending",
    expiresAt: row.expiresAt,
  };
}

function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

function validName(name: string): string {
  const normalized = normalizeDomainName(name);
  if (!isValidDomainName(normalized)) throw new ProvisioningError("refused", `“${name}” is not a valid domain name.`, { reason: "invalid" });
  return normalized;
}

function validYears(years: number): number {
  if (!Number.isInteger(years) || years < 1 || years > MOST_YEARS) {
    throw new ProvisioningError("refused", `A domain is registered for 1 to ${MOST_YEARS} years, not ${years}.`, { reason: "invalid" });
  }
  return years;
}

/** Taken by someone else: the reserved names and the `taken` marker (and `gone`, once registering). */
function takenElsewhere(name: string, registering: boolean): boolean {
  const markers = sandboxMarkers(name);
  return RESERVED_DOMAINS.has(name) || markers.has("taken") || (registering && markers.has("gone"));
}

function notRegistered(name: string): ProvisioningError {
  return new ProvisioningError("refused", `${name} is not registered in Herald's account.`, { reason: "not-registered" });
}

async function heldRegistration(name: string) {
  const row = await db.sandboxDomainRegistration.findUnique({ where: { name: normalizeDomainName(name) } });
  if (!row) throw notRegistered(normalizeDomainName(name));
  return row;
}

export function createSandboxRegistrar(): Registrar {
  return {
    name: "sandbox",

    async checkDomains(names) {
      if (names.length > MOST_NAMES_PER_CHECK) {
        throw new ProvisioningError("refused", `At most ${MOST_NAMES_PER_CHECK} names can be checked at once.`, { reason: "invalid" });
      }
      const currency = env().HERALD_BILLING_CURRENCY;
      const normalized = names.map(normalizeDomainName);
      const held = await db.sandboxDomainRegistration.findMany({ where: { name: { in: normalized } }, select: { name: true } });
      const registered = new Set(held.map((row) => row.name));
      return normalized.map((name): DomainAvailability => {
        const unavailable = (reason: string) => ({ name, available: false, priceCents: null, renewalCents: null, currency, reason });
        if (!isValidDomainName(name)) return unavailable("Not a valid domain name");
        if (registered.has(name)) return unavailable("Already registered");
        if (takenElsewhere(name, false)) return unavailable("Someone already registered it");
        const price = tldPrice(name);
        return { name, available: true, priceCents: price.firstYearCents, renewalCents: price.renewalCents, currency, reason: null };
      });
    },

    async suggestDomains(query) {
      return suggestDomainNames(query);
    },

    async registerDomain(input) {
      const name = validName(input.name);
      const years = validYears(input.years);
      if (takenElsewhere(name, true)) {
        throw new ProvisioningError("refused", `${name} is already registered by someone else.`, { reason: "taken" });
      }
      const registeredAt = now();
      const markers = sandboxMarkers(name);
      const settleMs = markers.has("slow") ? SLOW_REGISTRATION_MS : seededSettleMs("registration", name);
      const row = {
        name,
        registrationId: `sreg_${seededHex(`registration-id:${name}`, 16)}`,
        years,
        registeredAt,
        activeAt: new Date(registeredAt.getTime() + settleMs),
        expiresAt: addYears(registeredAt, years),
      };
      // The insert alone decides who registers: a concurrent or repeated call finds the row and
      // is refused as a real registrar would, and the call is counted so tests can see it came.
      const { count } = await db.sandboxDomainRegistration.createMany({ data: [row], skipDuplicates: true });
      if (count === 0) {
        await db.sandboxDomainRegistration.updateMany({ where: { name }, data: { registerCalls: { increment: 1 } } });
        throw new ProvisioningError("refused", `${name} is already registered.`, { reason: "taken" });
      }
      if (markers.has("timeout")) {
        throw new ProvisioningError("timeout", `The registrar did not answer in time while registering ${name}.`);
      }
      return toRegistration(row);
    },

    async findRegistration(name) {
      const row = await db.sandboxDomainRegistration.findUnique({ where: { name: normalizeDomainName(name) } });
      return row ? toRegistration(row) : null;
    },

    async publishDns(input) {
      const row = await heldRegistration(input.name);
      if (now().getTime() < row.activeAt.getTime()) {
        throw new ProvisioningError("transient", `${row.name} is not active at the registry yet, so its DNS cannot be changed.`);
      }
      const records: TDnsRecord[] = input.records.map(({ type, host, value, priority }) => ({ type, host, value, priority }));
      await db.sandboxDomainRegistration.update({ where: { name: row.name }, data: { records, redirectUrl: input.redirectUrl } });
    },

    async renewDomain(input) {
      const name = normalizeDomainName(input.name);
      const years = validYears(input.years);
      // One conditional statement: a reference already applied leaves the row as it is.
      await db.$executeRaw`
        UPDATE "SandboxDomainRegistration"
        SET "expiresAt" = "expiresAt" + make_interval(years => ${years}::int),
            "renewals" = "renewals" + 1,
            "renewalReferences" = array_append(coalesce("renewalReferences", ARRAY[]::text[]), ${input.reference}::text)
        WHERE "name" = ${name} AND NOT (${input.reference}::text = ANY(coalesce("renewalReferences", ARRAY[]::text[])))`;
      const row = await heldRegistration(name);
      return { expiresAt: row.expiresAt };
    },

    async setAutoRenew(name, enabled) {
      const { count } = await db.sandboxDomainRegistration.updateMany({ where: { name: normalizeDomainName(name) }, data: { autoRenew: enabled } });
      if (count === 0) throw notRegistered(normalizeDomainName(name));
    },
  };
}
