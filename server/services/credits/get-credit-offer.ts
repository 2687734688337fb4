import { env } from "../../env";
import type { Actor } from "../../lib/actor";
import type { TCreditOffer } from "../../schemas/credits";
import { instanceAdminNames, isInstanceAdmin } from "../instance-admins/require-instance-admin";
import { creditPricePer1000Cents } from "./credit-price";

/** What Settings → AI credits offers: "Grant credits" to instance administrators, "Buy credits" to those who manage billing. */
export async function getCreditOffer(actor: Actor): Promise<TCreditOffer> {
  const settings = env();
  const pricePer1000Cents = creditPricePer1000Cents();
  const [canGrant, instanceAdmins] = await Promise.all([isInstanceAdmin(actor.userId), instanceAdminNames()]);
  return {
    canGrant: canGrant && !actor.apiKeyId,
    canBuy: pricePer1000Cents !== null && (actor.role === "owner" || actor.canManageBilling),
    pricePer1000Cents,
    currency: settings.HERALD_BILLING_CURRENCY,
    billingProvider: settings.HERALD_BILLING_PROVIDER,
    instanceAdmins,
  };
}
