// The installation's billing provider: the sandbox (default: pays at once) or Stripe
// (HERALD_BILLING_PROVIDER=stripe with HERALD_STRIPE_SECRET_KEY and HERALD_STRIPE_WEBHOOK_SECRET;
// docs/mailbox-orders.md).
import { env, type Env } from "../../env";
import type { BillingProvider } from "./types";

const slot: typeof globalThis & { __heraldBilling?: BillingProvider } = globalThis;

export async function billingProviderFromEnv(settings: Env): Promise<BillingProvider> {
  switch (settings.HERALD_BILLING_PROVIDER) {
    case "stripe": {
      const { createStripeBilling } = await import("./stripe/stripe-billing");
      return createStripeBilling({ secretKey: settings.HERALD_STRIPE_SECRET_KEY!, apiUrl: settings.HERALD_STRIPE_API_URL });
    }
    default: {
      const { createSandboxBilling } = await import("./sandbox/sandbox-billing");
      return createSandboxBilling();
    }
  }
}

export async function getBillingProvider(): Promise<BillingProvider> {
  slot.__heraldBilling ??= await billingProviderFromEnv(env());
  return slot.__heraldBilling;
}

/** Tests replace the provider (e.g. to record calls or fail); undefined restores the configured one. */
export function setBillingProvider(provider: BillingProvider | undefined): void {
  slot.__heraldBilling = provider;
}
