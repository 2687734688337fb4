// The DKIM selector a mailbox's mail is signed with, read from a DKIM-Signature of a message it
// sent (s= of the signature whose d= is the mailbox's domain), so the DNS checks look for the key
// where the mailbox's provider really publishes it (Mailbox.dkimSelector). Pure.
import { parseTags } from "./dns-records";

/** The header fields of a raw message, unfolded, as [lower-cased name, value]. */
function headerFields(raw: string): Array<[string, string]> {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const fields: Array<[string, string]> = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1]![1] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(":");
      if (colon > 0) fields.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
  }
  return fields;
}

/** The selector of the message's DKIM signature for `domain` (d= equal to it); null when it has none. */
export function selectorFromSignature(rawMessage: string | Buffer, domain: string): string | null {
  const raw = typeof rawMessage === "string" ? rawMessage : rawMessage.toString("latin1");
  const wanted = domain.trim().toLowerCase();
  for (const [name, value] of headerFields(raw)) {
    if (name !== "dkim-signature") continue;
    const tags = parseTags(value);
    const selector = tags.s?.toLowerCase();
    if (tags.d?.toLowerCase() === wanted && selector && /^[a-z0-9._-]+$/.test(selector)) return selector;
  }
  return null;
}
