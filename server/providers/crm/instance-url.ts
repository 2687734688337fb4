// Pipedrive and Salesforce name the API host a connection talks to in their token answer
// (api_domain, instance_url). Herald only ever calls a host of the provider's own domains over
// https: a token answer naming any other host (a tampered or misdirected answer) is refused, so a
// connection can never make Herald send its token, or requests, to a host of someone's choosing. Pure.
import type { CrmProviderName } from "./types";

const PROVIDER_DOMAINS: Record<CrmProviderName, readonly string[]> = {
  hubspot: ["hubapi.com", "hubspot.com"],
  pipedrive: ["pipedrive.com"],
  salesforce: ["salesforce.com", "force.com", "cloudforce.com", "salesforce.mil", "sfcrmproducts.cn"],
};

/** null when the URL is an https URL on one of the provider's domains; else why not, in words. */
export function instanceUrlProblem(provider: CrmProviderName, instanceUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(instanceUrl);
  } catch {
    return `The CRM named an API address that is not a URL (${instanceUrl}).`;
  }
  if (url.protocol !== "https:") return `The CRM named an API address that is not https (${url.origin}).`;
  if (url.username || url.password || (url.port && url.port !== "443")) return `The CRM named an unexpected API address (${url.origin}).`;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const ok = PROVIDER_DOMAINS[provider].some((domain) => host === domain || host.endsWith(`.${domain}`));
  return ok ? null : `The CRM named an API address outside its own domains (${host}); Herald does not call it.`;
}
