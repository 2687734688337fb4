// Reading what a receiving server concluded about an e-mail: its Authentication-Results header
// (RFC 8601), and the DKIM-Signature the sender put on it. Pure: the deliverability test stores
// the receiver's verdicts as the receiver wrote them, next to Herald's own check.

export interface ReceiverVerdicts {
  spf: string | null;
  dkim: { result: string | null; selector: string | null; domain: string | null };
  dmarc: string | null;
}

/** The header block of a raw message, folded lines joined. */
export function headerLines(raw: string): Array<{ name: string; value: string }> {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  return head
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .flatMap((line) => {
      const colon = line.indexOf(":");
      return colon > 0 ? [{ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() }] : [];
    });
}

/** Comments in parentheses are explanations for people (`(sender IP is 1.2.3.4)`): not part of a verdict. */
function withoutComments(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (const char of value) {
    if (char === '"' && depth === 0) quoted = !quoted;
    if (!quoted && char === "(") depth += 1;
    if (depth === 0) out += char;
    if (!quoted && char === ")" && depth > 0) depth -= 1;
  }
  return out;
}

/** `key=value` properties of one result (`header.s=s1`, `smtp.mailfrom=…`). */
function properties(resinfo: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of resinfo.matchAll(/([a-z0-9.-]+)\s*=\s*("[^"]*"|[^\s;]+)/gi)) {
    const key = match[1]!.toLowerCase();
    if (!found.has(key)) found.set(key, match[2]!.replace(/^"|"$/g, ""));
  }
  return found;
}

/**
 * The verdicts of the topmost Authentication-Results header: the one the receiving server added
 * last, the only one a reader can trust (lower ones may have been written by anyone on the way).
 * For DKIM, the signature of `preferDomain` (the sender's domain) counts when there are several.
 */
export function parseAuthenticationResults(raw: string, preferDomain?: string): ReceiverVerdicts | null {
  const header = headerLines(raw).find((line) => line.name === "authentication-results");
  if (!header) return null;
  const verdicts: ReceiverVerdicts = { spf: null, dkim: { result: null, selector: null, domain: null }, dmarc: null };
  const dkims: ReceiverVerdicts["dkim"][] = [];
  // The first part is the receiver's name (authserv-id), the rest one result each.
  for (const resinfo of withoutComments(header.value).split(";").slice(1)) {
    const match = /^\s*([a-z-]+)\s*=\s*([a-z]+)/i.exec(resinfo);
    if (!match) continue;
    const method = match[1]!.toLowerCase();
    const result = match[2]!.toLowerCase();
    const props = properties(resinfo.slice(match[0].length));
    if (method === "spf" && verdicts.spf === null) verdicts.spf = result;
    if (method === "dmarc" && verdicts.dmarc === null) verdicts.dmarc = result;
    if (method === "dkim") {
      const identity = props.get("header.d") ?? props.get("header.i")?.replace(/^.*@/, "") ?? null;
      dkims.push({ result, selector: props.get("header.s") ?? null, domain: identity?.toLowerCase() ?? null });
    }
  }
  const preferred = preferDomain ? dkims.find((entry) => entry.domain === preferDomain.toLowerCase()) : undefined;
  if (preferred ?? dkims[0]) verdicts.dkim = (preferred ?? dkims[0])!;
  return verdicts;
}

/** The selector (s=) and domain (d=) of each DKIM-Signature header, in order. */
export function dkimSignatures(raw: string): Array<{ selector: string; domain: string }> {
  return headerLines(raw)
    .filter((line) => line.name === "dkim-signature")
    .flatMap((line) => {
      const tags = new Map(
        line.value
          .split(";")
          .map((tag) => tag.split("=").map((part) => part.replace(/\s+/g, "")))
          .filter((parts) => parts.length >= 2)
          .map(([key, ...rest]) => [key!.toLowerCase(), rest.join("=")] as const),
      );
      const selector = tags.get("s");
      const domain = tags.get("d");
      return selector && domain ? [{ selector, domain: domain.toLowerCase() }] : [];
    });
}

/**
 * The IP address of the server that handed the e-mail to the receiver: the bracketed address in
 * the topmost Received header's `from` clause (`from mail.example.com (mail.example.com [203.0.113.5])`).
 */
export function sendingIpOf(raw: string): string | null {
  const received = headerLines(raw).find((line) => line.name === "received");
  if (!received) return null;
  const from = /\bfrom\b([\s\S]*?)(?:\bby\b|;|$)/i.exec(received.value)?.[1] ?? "";
  const bracketed = /\[(?:IPv6:)?([0-9a-f.:]+)\]/i.exec(from);
  return bracketed ? bracketed[1]!.toLowerCase() : null;
}
