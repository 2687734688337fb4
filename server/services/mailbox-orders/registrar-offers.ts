// Availability and prices from the installation's registrar, for searching and quoting. The
// registrar being down is a 502 provider-failed in plain words, never an internal error.
import { registrationPriceCents } from "../../domain/mailbox-orders/quote-lines";
import { HeraldError } from "../../lib/errors";
import { getRegistrar } from "../../providers/registrar";
import type { DomainAvailability, Registrar } from "../../providers/registrar/types";
import type { TDomainOffer } from "../../schemas/mailbox-order";

async function atRegistrar<T>(call: (registrar: Registrar) => Promise<T>): Promise<T> {
  try {
    return await call(await getRegistrar());
  } catch (error) {
    throw new HeraldError({
      code: "provider-failed",
      message: "The domain registrar did not answer, so availability and prices are unknown for now. Try again in a moment.",
      cause: error,
    });
  }
}

export function suggestDomainNames(query: string): Promise<string[]> {
  return atRegistrar((registrar) => registrar.suggestDomains(query));
}

/** Each name's availability and yearly prices, in the order given (at most 50 names). */
export function checkDomainNames(names: string[]): Promise<DomainAvailability[]> {
  if (!names.length) return Promise.resolve([]);
  return atRegistrar((registrar) => registrar.checkDomains(names));
}

/** A registrar answer as an offer for `years`: the first year at its price, each later one at the renewal price. */
export function toDomainOffer(availability: DomainAvailability, years: number): TDomainOffer {
  const firstYear = availability.available ? availability.priceCents : null;
  const { name, currency } = availability;
  if (firstYear === null) return { name, available: false, priceCents: null, renewalCents: null, currency, reason: availability.reason ?? "The registrar does not offer it" };
  const renewal = availability.renewalCents ?? firstYear;
  return { name, available: true, priceCents: registrationPriceCents(firstYear, renewal, years), renewalCents: renewal, currency, reason: null };
}
