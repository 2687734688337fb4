// The one rule for a web address a user gives Herald that Herald later sends a browser to (a
// hosted link's or a payment's return address, a domain's forwarding address), fetches (a step's
// file, a webhook) or shows as a link: http or https with a host, nothing else. `javascript:`,
// `data:`, `file:` and the like are refused with a 400 naming the field, since a browser sent
// there runs or reads what the address says. Plain http stays allowed: the scheme decides what a
// browser does with an address, and a company's own site or a local installation may lack TLS.
import { z } from "zod";

/** The sentence an OpenAPI description adds about such a field. */
export const WEB_URL_RULE = "An http or https address (other schemes such as javascript:, data: or file: are refused with 400).";

/** An http(s) address of at most `max` characters, trimmed; the message gives `example`. */
export function webUrl(options: { example?: string; max?: number } = {}) {
  const { example = "https://example.com", max = 2000 } = options;
  const message = `must be an http(s) URL such as ${example}`;
  return z
    .string({ message })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .pipe(z.url({ protocol: /^https?$/, hostname: /^[^\s]+$/, message }));
}
