// The analytics' arithmetic over the figures of server/schemas/analytics-figures.ts: sums and rates.
import { COUNT_KEYS, RATE_DEFINITIONS, RATE_KEYS, type Counts, type Rates } from "../../schemas/analytics-figures";

export { COUNT_DEFINITIONS, COUNT_KEYS, RATE_DEFINITIONS, RATE_KEYS } from "../../schemas/analytics-figures";
export type { CountKey, Counts, RateKey, Rates } from "../../schemas/analytics-figures";

export function emptyCounts(): Counts {
  return Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Counts;
}

export function addCounts(into: Counts, more: Partial<Counts>): Counts {
  for (const key of COUNT_KEYS) into[key] += more[key] ?? 0;
  return into;
}

export function ratesOf(counts: Counts): Rates {
  const rates = {} as Rates;
  for (const key of RATE_KEYS) {
    const { numerator, denominator } = RATE_DEFINITIONS[key];
    rates[key] = counts[denominator] > 0 ? counts[numerator] / counts[denominator] : null;
  }
  return rates;
}
