// A small, forgiving MIME reader for the report parsers. mailparser's simpleParser folds the parts
// a report is made of into its text (message/delivery-status and message/rfc822 become body text,
// only text/rfc822-headers and message/feedback-report stay attachments), so the delivery and
// feedback reports are read from the raw message here instead: the tree of parts with their
// headers and decoded bodies. It never throws: whatever cannot be read becomes a plain text part.

import { htmlToText } from "./html-to-text";

export interface MimePart {
  /** Lower-cased header names to their (first) value, continuation lines unfolded. */
  headers: Record<string, string>;
  /** Lower-cased media type, e.g. "multipart/report"; text/plain when the part does not say. */
  contentType: string;
  /** Content-Type parameters (lower-cased names), e.g. { "report-type": "delivery-status", boundary: "…" }. */
  params: Record<string, string>;
  /** The decoded body (transfer encoding and charset); empty for a multipart. */
  body: string;
  /** The parts of a multipart, or the one message a message/rfc822 part carries. */
  parts: MimePart[];
}

/** Reports are small; a huge message is read only this far (its report parts come first). */
const MAX_RAW = 2_000_000;
const MAX_DEPTH = 8;
const MAX_PARTS = 100;

/** Header fields of a block ("Name: value" lines, continuation lines start with a space or tab). */
export function parseHeaderFields(block: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let name: string | null = null;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && name) {
      fields[name] = `${fields[name]} ${line.trim()}`.trim();
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0 || /\s/.test(line.slice(0, colon).trim()) || !line.slice(0, colon).trim()) {
      name = null;
      continue;
    }
    const key = line.slice(0, colon).trim().toLowerCase();
    if (key in fields) {
      name = null;
      continue;
    }
    name = key;
    fields[key] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** The groups of header fields a report part holds (RFC 3464: per message, then per recipient), separated by blank lines. */
export function parseFieldGroups(text: string): Array<Record<string, string>> {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((group) => parseHeaderFields(group.replace(/^\s*\r?\n/, "")))
    .filter((group) => Object.keys(group).length > 0);
}

export function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: "text/plain", params: {} };
  const [first = "", ...rest] = value.split(";");
  const type = first.trim().toLowerCase();
  const params: Record<string, string> = {};
  for (const match of rest.join(";").matchAll(/([\w.*-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)/g)) {
    const raw = match[2]!;
    params[match[1]!.toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
  }
  return { type: /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : "text/plain", params };
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  const label = (charset ?? "utf-8").trim().toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An unknown charset: UTF-8 when it reads as such, otherwise byte by byte (nothing is lost of ASCII).
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return bytes.toString("latin1");
    }
  }
}

export function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      // The body holds one byte per character already: only the =XX escapes and soft line breaks change.
      return Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      );
    default:
      return Buffer.from(body, "latin1");
  }
}

/** Splits a message into its header block and body (a message without a blank line is all body unless it reads as headers). */
export function splitMessage(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return /^[\w-]+:/.test(raw) ? { head: raw, body: "" } : { head: "", body: raw };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join("\r\n"));
      return parts;
    }
    if (trimmed === delimiter) {
      if (current) parts.push(current.join("\r\n"));
      current = [];
      continue;
    }
    current?.push(line);
  }
  // No closing delimiter (a cut-off message): keep what was read.
  if (current) parts.push(current.join("\r\n"));
  return parts;
}

function readPart(raw: string, depth: number, budget: { parts: number }): MimePart {
  budget.parts++;
  const { head, body } = splitMessage(raw);
  const headers = parseHeaderFields(head);
  const { type, params } = parseContentType(headers["content-type"]);
  // A boundary parameter lost to a badly folded header is found again from the first delimiter line.
  const boundary = type.startsWith("multipart/") ? (params.boundary ?? /^--(\S+?)\s*$/m.exec(body)?.[1]) : undefined;
  if (boundary && depth < MAX_DEPTH) {
    const parts = splitMultipart(body, boundary)
      .slice(0, Math.max(0, MAX_PARTS - budget.parts))
      .map((part) => readPart(part, depth + 1, budget));
    if (parts.length > 0) return { headers, contentType: type, params, body: "", parts };
  }
  // Latin-1 holds the raw bytes of an 8-bit body; the charset turns them into text.
  const decoded = decodeCharset(decodeTransfer(body, headers["content-transfer-encoding"]), params.charset);
  if ((type === "message/rfc822" || type === "message/global" || type === "message/global-headers") && depth < MAX_DEPTH) {
    return { headers, contentType: type, params, body: decoded, parts: [readPart(decoded, depth + 1, budget)] };
  }
  return { headers, contentType: type, params, body: decoded, parts: [] };
}

/**
 * The MIME tree of a raw message. `raw` is the message as the provider handed it (its bytes decoded
 * as UTF-8, as IncomingEmail.raw is); bodies are decoded by their transfer encoding and charset.
 */
export function parseMime(raw: string): MimePart {
  const text = raw.length > MAX_RAW ? raw.slice(0, MAX_RAW) : raw;
  // The providers hand the raw message decoded as UTF-8: back to its bytes (one character each) for the charset step.
  return readPart(Buffer.from(text, "utf8").toString("latin1"), 0, { parts: 0 });
}

/** Every part of the tree, depth first. */
export function allParts(root: MimePart): MimePart[] {
  return [root, ...root.parts.flatMap(allParts)];
}

/** The first part of one of these media types. */
export function findPart(root: MimePart, ...types: string[]): MimePart | null {
  return allParts(root).find((part) => types.includes(part.contentType)) ?? null;
}

/** The headers of the message a report returns (its message/rfc822 or text/rfc822-headers part). */
export function returnedHeaders(root: MimePart): Record<string, string> | null {
  for (const part of allParts(root)) {
    if (part.contentType === "text/rfc822-headers") return parseHeaderFields(part.body);
    if ((part.contentType === "message/rfc822" || part.contentType === "message/global" || part.contentType === "message/global-headers") && part.parts[0]) return part.parts[0].headers;
  }
  return null;
}

/** The Message-ID of the message a report returns, with angle brackets. */
export function returnedMessageId(root: MimePart): string | null {
  const value = returnedHeaders(root)?.["message-id"];
  return value ? normalizeMessageId(value) : null;
}

/** The readable text of a message: its text parts (HTML ones as text) and report parts, in order. */
export function readableText(root: MimePart): string {
  return allParts(root)
    .filter((part) => part.parts.length === 0)
    // A multipart whose boundary could not be read is left as one part: its body is still the best text there is.
    .map((part) => (part.contentType === "text/html" ? htmlToText(part.body) : /^(text|message|multipart)\//.test(part.contentType) ? part.body : ""))
    .filter((text) => text.trim())
    .join("\n");
}

/** A Message-ID with its angle brackets, or null when the value holds none. */
export function normalizeMessageId(value: string): string | null {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  if (bracketed) return `<${bracketed[1]}>`;
  const bare = /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(value);
  return bare ? `<${bare[1]}>` : null;
}
