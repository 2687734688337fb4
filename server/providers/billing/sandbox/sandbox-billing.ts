// The sandbox billing provider (the default): every payment goes through at once and nothing is
// charged. Ids are derived from the call's key, so a retried call answers with the same payment,
// refund or charge, as Stripe does for a repeated Idempotency-Key.
import { createHash } from "node:crypto";
import type { BillingProvider } from "../types";

function idFor(prefix: string, key: string): string {
  return `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
}

export function createSandboxBilling(): BillingProvider {
  return {
    name: "sandbox",
    async startPayment(input) {
      return { status: "paid", paymentId: idFor("sbx_pay", input.key) };
    },
    async refund(input) {
      return { refundId: idFor("sbx_ref", input.key) };
    },
    async chargeRenewal(input) {
      return { chargeId: idFor("sbx_chg", input.key), status: "succeeded", failure: null };
    },
  };
}
