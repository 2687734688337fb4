// One message read from an IMAP folder, as Herald's IncomingEmail. Whatever the bytes are, this
// never throws: mailparser tolerates most broken MIME and unknown charsets, and what it cannot
// parse at all is handed on with its raw text and the reason, so the reader stores it and goes on.
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import type { IncomingEmail, MailAddress } from "../types";

// PostgreSQL text holds no NUL character; a message that carries one (binary junk in a text part)
// would fail to store on every attempt.
const NUL = /\u0000/g;
const clean = (value: string) => value.replace(NUL, "");

function address(value: { name?: string; address?: string } | undefined): MailAddress | null {
  if (!value?.address) return null;
  return { name: value.name ? value.name : null, address: value.address.toLowerCase() };
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const groups = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return groups.flatMap((group) => (group.value ?? []).map(address).filter((entry): entry is MailAddress => entry !== null));
}

function headerMap(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (key in headers) continue;
    const colon = line.indexOf(":");
    headers[key] = clean((colon === -1 ? "" : line.slice(colon + 1)).replace(/\r?\n[ \t]+/g, " ").trim());
  }
  return headers;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `position` is the message's place in the reading order, in the cursor's format (IMAP
 * `<UIDVALIDITY>:<UID>`). `incomplete` says why only part of it was fetched (too large).
 */
export async function toIncomingEmail(position: string | number, raw: Buffer, receivedAt: Date | null, incomplete?: string): Promise<IncomingEmail> {
  const text = clean(raw.toString("utf8"));
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  } catch (error) {
    const reason = `Malformed message: ${errorText(error)}`;
    return {
      uid: String(position),
      messageId: null,
      inReplyTo: null,
      references: [],
      from: null,
      to: [],
      subject: "",
      text: "",
      html: null,
      headers: {},
      raw: text,
      receivedAt: (receivedAt ?? new Date(0)).toISOString(),
      incomplete: incomplete ? `${incomplete}; ${reason}` : reason,
    };
  }
  const references = parsed.references === undefined ? [] : Array.isArray(parsed.references) ? parsed.references : [parsed.references];
  const date = receivedAt ?? (parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : new Date(0));
  return {
    uid: String(position),
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: references.flatMap((reference) => reference.split(/\s+/)).filter(Boolean),
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    subject: clean(parsed.subject ?? ""),
    text: clean(parsed.text ?? ""),
    html: typeof parsed.html === "string" ? clean(parsed.html) : null,
    headers: headerMap(parsed),
    raw: text,
    receivedAt: date.toISOString(),
    ...(incomplete ? { incomplete } : {}),
  };
}
