// A small, forgiving MIME reader for the report parsers. mailparser's simpleParser folds the parts
// a report is made of into its text (message/delivery-status and message/rfc822 become body text,
// only text/rfc822-headers and message/feedback-report stay attachments), so the delivery and
// feedback reports are read from the raw message here instead: the tree of parts with their
// headers and decoded bodies. It never throws: whatever cannot be read becomes a plain text part.

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
    case "quoted-printable": {
      const joined = body.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let index = 0; index < joined.length; index++) {
        const char = joined[index]!;
        const hex = char === "=" ? joined.slice(index + 1, index + 3) : "";
        if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(parseInt(hex, 16));
          index += 2;
        } else {
          for (const byte of Buffer.from(char, "utf8")) bytes.push(byte);
        }
      }
      return Buffer.from(bytes);
    }
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
  if (type.startsWith("multipart/") && params.boundary && depth < MAX_DEPTH) {
    const parts = splitMultipart(body, params.boundary)
      .slice(0, Math.max(0, MAX_PARTS - budget.parts))
      .map((part) => readPart(part, depth + 1, budget));
    if (parts.length > 0) return { headers, contentType: type, params, body: "", parts };
  }
  // Latin-1 holds the raw bytes of an 8-bit body; the charset turns them into text.
  const decoded = decodeCharset(decodeTransfer(body, headers["content-transfer-encoding"]), params.charset);
  if ((type === "message/rfc822" || type === "message/global") && depth < MAX_DEPTH) {
    return { headers, contentType: type, params, body: decoded, parts: [readPart(decoded, depth + 1, budget)] };
  }
  return { headers, contentType: type, params, body: decoded, parts: [] };
}

/**
 * The MIME tree of a raw message. `raw` is the message as the provider handed it (a string whose
 * 8-bit bytes may already be UTF-8 text); bodies are decoded by their transfer encoding and charset.
 */
export function parseMime(raw: string): MimePart {
  const text = raw.length > MAX_RAW ? raw.slice(0, MAX_RAW) : raw;
  // Text already decoded as UTF-8 (the usual case): keep it as UTF-8 bytes for the charset step.
  const bytesAsLatin1 = /[^\x00-\xff]/.test(text) ? Buffer.from(text, "utf8").toString("latin1") : text;
  return readPart(bytesAsLatin1, 0, { parts: 0 });
}

/** Every part of the tree, depth first. */
export function allParts(root: MimePart): MimePart[] {
  return [root, ...root.parts.flatMap(allParts)];
}

/** The first part of one of these media types. */
export function findPart(root: MimePart, ...types: string[]): MimePart | null {
  return allParts(root).find((part) => types.includes(part.contentType)) ?? null;
}

/** The Message-ID a returned message (message/rfc822 or text/rfc822-headers part) carries, with angle brackets. */
export function returnedMessageId(root: MimePart): string | null {
  for (const part of allParts(root)) {
    if (part === root) continue;
    const headers = part.contentType === "text/rfc822-headers" ? parseHeaderFields(part.body) : part.contentType.startsWith("message/") ? null : part.headers;
    const value = headers?.["message-id"];
    const id = value ? normalizeMessageId(value) : null;
    if (id) return id;
  }
  return null;
}

/** A Message-ID with its angle brackets, or null when the value holds none. */
export function normalizeMessageId(value: string): string | null {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  if (bracketed) return `<${bracketed[1]}>`;
  const bare = /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(value);
  return bare ? `<${bare[1]}>` : null;
}
