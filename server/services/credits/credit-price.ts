import { env } from "../../env";
import { HeraldError } from "../../lib/errors";

/** What 1,000 credits cost (cents), or null when the installation sells none. */
export function creditPricePer1000Cents(): number | null {
  return env().HERALD_AI_CREDIT_PRICE_CENTS_PER_1000 ?? null;
}

/** The price of `credits` credits in cents (rounded up to a whole cent); refused when credits are not sold. */
export function priceOfCredits(credits: number): number {
  const per1000 = creditPricePer1000Cents();
  if (per1000 === null) {
    throw new HeraldError({
      code: "credits-not-for-sale",
      message: "This installation does not sell AI credits: ask one of its instance administrators to grant some.",
    });
  }
  return Math.ceil((credits * per1000) / 1000);
}
