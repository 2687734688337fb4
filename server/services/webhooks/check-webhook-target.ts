import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { allowPrivateWebhookUrls } from "../../env";
import { HeraldError } from "../../lib/errors";
import { isPrivateAddress } from "../../lib/network-address";

/** The addresses a webhook URL's host resolves to (the host itself when it is an IP literal). */
export async function resolveHost(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return [bare];
  const answers = await lookup(bare, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/**
 * Refuses a URL whose host is, or resolves to, a private, loopback or link-local address, unless the
 * installation allows such targets. Checked when the endpoint is saved and again at every delivery.
 */
export async function checkWebhookTarget(url: string, field = "url"): Promise<void> {
  if (allowPrivateWebhookUrls()) return;
  const { hostname } = new URL(url);
  let addresses: string[];
  try {
    addresses = await resolveHost(hostname);
  } catch {
    throw HeraldError.invalidInput(`Invalid ${field}: the host ${hostname} does not resolve`, [
      { field, message: `the host ${hostname} does not resolve` },
    ]);
  }
  const blocked = addresses.find(isPrivateAddress);
  if (blocked || hostname === "localhost") {
    const message = `must be a public address: ${hostname} resolves to ${blocked ?? "a loopback address"}`;
    throw HeraldError.invalidInput(`Invalid ${field}: ${message}`, [{ field, message }]);
  }
}
