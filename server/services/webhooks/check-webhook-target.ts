import { lookup } from "node:dns/promises";
import { allowPrivateWebhookUrls, allowUnresolvedWebhookHosts } from "../../env";
import { HeraldError } from "../../lib/errors";
import { isIpLiteral } from "../../lib/network-address";
import type { TWebhookWarning } from "../../schemas/webhook";
import { bareHostname, refusedAddressReason, refusedHostReason } from "../../lib/public-target";
import { sandboxReceiverToken } from "./sandbox-receiver/receiver-address";

/** How long saving an endpoint waits for DNS: an offline resolver must not hold the request. */
export const RESOLVE_TIMEOUT_MS = 3_000;

async function resolveWithin(hostname: string, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} seconds`)), timeoutMs);
  });
  try {
    const answers = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return answers.map((answer) => answer.address);
  } finally {
    clearTimeout(timer);
  }
}

function refused(field: string, message: string): HeraldError {
  return HeraldError.invalidInput(`Invalid ${field}: ${message}`, [{ field, message }]);
}

/**
 * What a self-hoster trying webhooks against a receiver on their own machine needs to know: the
 * refusal is a setting of the installation, and which one (docs/security.md says what it opens).
 */
const PRIVATE_TARGETS_HINT =
  "To deliver to a receiver on this machine or a private network, the installation's operator can allow it with HERALD_ALLOW_PRIVATE_WEBHOOK_URLS=1.";

/**
 * Checks a webhook URL when an endpoint is saved. Refuses a host that is, or resolves to, a
 * non-public address unless the installation allows private targets. A host that does not resolve
 * now is refused, or kept with a warning when the installation allows it (the default): each
 * delivery resolves and checks it again (see send-webhook-request.ts).
 */
export async function checkWebhookTarget(url: string, field = "url"): Promise<TWebhookWarning[]> {
  // Herald's own built-in receiver: deliveries to it never leave the process (send-webhook-request.ts).
  if (sandboxReceiverToken(url)) return [];
  const guard = !allowPrivateWebhookUrls();
  const hostname = bareHostname(new URL(url));
  const hostReason = guard ? refusedHostReason(hostname) : null;
  if (hostReason) throw refused(field, `must be a public address: ${hostReason}. ${PRIVATE_TARGETS_HINT}`);
  if (isIpLiteral(hostname)) return [];

  let addresses: string[];
  try {
    addresses = await resolveWithin(hostname, RESOLVE_TIMEOUT_MS);
  } catch {
    if (!allowUnresolvedWebhookHosts()) {
      throw refused(field, `the host ${hostname} does not resolve. Check the address, or save it once its DNS record exists.`);
    }
    return [
      {
        code: "host-unresolved",
        field,
        message: `The host ${hostname} does not resolve right now. The endpoint is saved; each delivery looks the host up again and fails until it resolves.`,
      },
    ];
  }
  if (guard) {
    const addressReason = addresses.map((address) => refusedAddressReason(hostname, address)).find(Boolean);
    if (addressReason) throw refused(field, `must be a public address: ${addressReason}. ${PRIVATE_TARGETS_HINT}`);
  }
  return [];
}
