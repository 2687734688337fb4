import { recordSandboxWebhookArrival } from "./record-sandbox-webhook-arrival";
import { sandboxReceiverEnabled } from "./receiver-address";

export interface ReceiverAnswer {
  status: number;
  body: string;
}

/**
 * What the built-in receiver answers a POST, whether it came over HTTP (its route) or from Herald's
 * own delivery in-process: 200 once recorded, 404 for an unknown token or where the sandbox is off.
 */
export async function receiveSandboxWebhook(input: { token: string; headers: Record<string, string>; body: string }): Promise<ReceiverAnswer> {
  if (!sandboxReceiverEnabled() || !(await recordSandboxWebhookArrival(input))) {
    return { status: 404, body: JSON.stringify({ error: { code: "not-found", message: "No built-in webhook receiver has this address." } }) };
  }
  return { status: 200, body: JSON.stringify({ received: true }) };
}
