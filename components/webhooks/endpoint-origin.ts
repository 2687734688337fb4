// Who added a webhook endpoint, in words for the Webhooks page: by hand, or by an automation
// platform through a REST hook with one of the workspace's API keys. The platform is told by the
// host of the hook URL it gave (Zapier's and Make's are fixed; n8n's is the user's own server).
import type { TApiKey } from "@/server/schemas/api-key";
import type { TWebhookEndpoint } from "@/server/schemas/webhook";

const PLATFORMS: Array<[RegExp, string]> = [
  [/(^|\.)zapier\.com$/i, "Zapier"],
  [/(^|\.)(make\.com|integromat\.com)$/i, "Make"],
  [/(^|\.)n8n\.cloud$/i, "n8n"],
];

/** The platform a REST hook's target belongs to, or null when its host does not say. */
export function automationPlatform(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return PLATFORMS.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}

export type EndpointOriginFilter = "all" | "user" | "rest-hook";

export function matchesOrigin(endpoint: Pick<TWebhookEndpoint, "createdVia">, filter: EndpointOriginFilter): boolean {
  return filter === "all" || endpoint.createdVia === filter;
}

/** "Added by Zapier through the API key “Zaps”", or null for an endpoint added by hand. */
export function endpointOriginLabel(
  endpoint: Pick<TWebhookEndpoint, "createdVia" | "createdByApiKeyId" | "url">,
  apiKeys: ReadonlyArray<Pick<TApiKey, "id" | "name" | "revokedAt">> | undefined,
): string | null {
  if (endpoint.createdVia !== "rest-hook") return null;
  const who = automationPlatform(endpoint.url) ?? "an automation platform";
  // The keys not loaded yet: no claim about which.
  if (!apiKeys) return `Added by ${who} through an API key`;
  const key = apiKeys.find((candidate) => candidate.id === endpoint.createdByApiKeyId);
  // Revoking a key removes the REST hooks it subscribed, in the same transaction: a revoked key's
  // endpoint is seen only by a page that loaded the keys after the revoke and the endpoints before.
  if (!key) return `Added by ${who} through an API key that no longer exists`;
  return `Added by ${who} through the API key “${key.name}”${key.revokedAt ? " (revoked: this endpoint goes with it)" : ""}`;
}
