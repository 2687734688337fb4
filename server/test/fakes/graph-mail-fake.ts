// The mail part of the Microsoft Graph stand-in (graph-fake.ts): each user's Inbox, Junk Email and
// Sent Items, in Graph's documented shapes and refusals, on Herald's clock.
// - `POST /users/{id}/sendMail` takes MIME only (Content-Type text/plain, base64: "Send messages with
//   MIME content"); invalid base64 is 400 ErrorMimeContentInvalidBase64String, a From other than the
//   user 403 ErrorSendAsDenied, no recipient 400 ErrorInvalidRecipients, no Mail.Send 403
//   ErrorAccessDenied. The Message-ID of the MIME is kept as `internetMessageId`; a copy goes to Sent
//   Items; a recipient in the tenant gets it in the Inbox (Junk Email when the test says so); others
//   are recorded in `outbound`.
// - `GET …/mailFolders/{folder}/messages` with `$filter` (`receivedDateTime ge <instant>`,
//   `internetMessageId eq '<id>'`, joined by `and`), `$orderby` only on the property the filter starts
//   with (else 400 InefficientFilter, as Exchange answers), `$select`, `$top` and `$expand` of the size
//   property (PidTagMessageSize, `Integer 0xe08`); `…/messages/{id}/$value` answers the MIME;
//   `PATCH …/messages/{id}` sets isRead; `POST …/messages/{id}/move` moves it (a new id, as Exchange gives).
// Reading needs Mail.ReadWrite, Mail.Read or Mail.ReadBasic (403 ErrorAccessDenied without), and a
// user without a mailbox license, or whose mailbox Exchange is still creating, answers 404
// MailboxNotEnabledForRESTAPI.
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { now } from "../../lib/clock";
import type { FakeAnswer, FakeRequest } from "./local-http-fake";

export type FakeMailFolder = "inbox" | "junkemail" | "sentitems";

export interface FakeGraphMessage {
  id: string;
  folder: FakeMailFolder;
  receivedDateTime: string;
  sentDateTime: string;
  internetMessageId: string | null;
  isRead: boolean;
  raw: Buffer;
  headers: { name: string; value: string }[];
  subject: string;
}

export interface GraphMailState {
  /** Messages per user id. */
  mail: Map<string, FakeGraphMessage[]>;
  /** What left the tenant: the sender, the recipients and the MIME as sent. */
  outbound: { from: string; to: string[]; raw: Buffer }[];
  /** Senders whose mail to the tenant's users lands in Junk Email. */
  junkFrom: Set<string>;
  /** Users whose mailbox Exchange is still creating after the license was assigned (404 MailboxNotEnabledForRESTAPI). */
  mailboxPending: Set<string>;
  /** How long after its license Exchange takes to create a user's mailbox (Herald's clock); 0: at once. */
  mailboxReadyAfterMs: number;
  /** Message-IDs whose MIME Exchange cannot give (`/$value` answers 400 ErrorMimeContentConversionFailed). */
  unreadable: Set<string>;
}

interface MailUser {
  id: string;
  userPrincipalName: string;
  assignedLicenses: unknown[];
  licensedAt?: number;
}

const graphError = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { error: { code, message } } });
const accessDenied = () => graphError(403, "ErrorAccessDenied", "Access is denied. Check credentials and try again.");
const instant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
const graphId = () => `AAMkAG${randomBytes(33).toString("base64url")}=`;

function headerList(raw: Buffer): { name: string; value: string }[] {
  const head = raw.toString("utf8").split(/\r?\n\r?\n/)[0] ?? "";
  return head
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .map((line) => ({ name: line.slice(0, line.indexOf(":")).trim(), value: line.slice(line.indexOf(":") + 1).trim() }))
    .filter((header) => header.name);
}

/** Puts a message in a user's folder as Exchange would on delivery (the test's replies and bounces too). */
export async function deliverToGraphUser(state: GraphMailState, userId: string, raw: Buffer, folder: FakeMailFolder = "inbox"): Promise<FakeGraphMessage> {
  const parsed = await simpleParser(raw);
  const at = instant(now());
  const message: FakeGraphMessage = {
    id: graphId(),
    folder,
    receivedDateTime: at,
    sentDateTime: parsed.date ? instant(parsed.date) : at,
    internetMessageId: parsed.messageId ?? null,
    isRead: false,
    raw,
    headers: headerList(raw),
    subject: parsed.subject ?? "",
  };
  const box = state.mail.get(userId) ?? [];
  box.push(message);
  state.mail.set(userId, box);
  return message;
}

interface Clause {
  property: string;
  op: "ge" | "eq";
  value: string;
}

/** The few `$filter` forms Herald uses; anything else is refused as Graph refuses a clause it cannot read. */
function parseFilter(filter: string | null): Clause[] | null {
  if (!filter) return [];
  const clauses: Clause[] = [];
  for (const part of filter.split(/ and /)) {
    const match = /^(receivedDateTime|sentDateTime) ge (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/.exec(part) ?? /^(internetMessageId) (eq) '((?:[^']|'')*)'$/.exec(part);
    if (!match) return null;
    if (match[1] === "internetMessageId") clauses.push({ property: "internetMessageId", op: "eq", value: match[3]!.replace(/''/g, "'") });
    else clauses.push({ property: match[1]!, op: "ge", value: match[2]! });
  }
  return clauses;
}

function matches(message: FakeGraphMessage, clause: Clause): boolean {
  if (clause.property === "internetMessageId") return message.internetMessageId === clause.value;
  const value = clause.property === "receivedDateTime" ? message.receivedDateTime : message.sentDateTime;
  return value >= clause.value;
}

function shown(message: FakeGraphMessage, select: string[], expandSize: boolean): Record<string, unknown> {
  const all: Record<string, unknown> = {
    id: message.id,
    receivedDateTime: message.receivedDateTime,
    sentDateTime: message.sentDateTime,
    internetMessageId: message.internetMessageId,
    isRead: message.isRead,
    subject: message.subject,
    bodyPreview: message.raw.toString("utf8").split(/\r?\n\r?\n/).slice(1).join("\n").slice(0, 255),
    parentFolderId: message.folder,
  };
  // internetMessageHeaders is returned only when selected ("Get message": "Use $select").
  const out: Record<string, unknown> = select.length ? Object.fromEntries(select.filter((key) => key !== "internetMessageHeaders").map((key) => [key, all[key]])) : all;
  if (select.includes("internetMessageHeaders")) out.internetMessageHeaders = message.headers;
  out.id = message.id;
  if (expandSize) out.singleValueExtendedProperties = [{ id: "Integer 0xe08", value: String(message.raw.length) }];
  return out;
}

/** Answers a mail call of `/users/{id}/…`, or null when the path is not a mail path. */
export async function handleGraphMail(
  state: GraphMailState,
  context: { roles: Set<string>; user: MailUser | undefined; userKey: string; findUser: (address: string) => MailUser | undefined },
  rest: string,
  request: FakeRequest,
): Promise<FakeAnswer | null> {
  const { roles, user, userKey } = context;
  const mailPath = /^\/(sendMail|mailFolders\/[^/]+(?:\/messages)?|messages\/[^/]+(?:\/\$value|\/move)?)$/.exec(rest);
  if (!mailPath) return null;
  const send = rest === "/sendMail";
  if (send ? !roles.has("Mail.Send") : !["Mail.ReadWrite", "Mail.Read", "Mail.ReadBasic"].some((role) => roles.has(role))) return accessDenied();
  if (!user) return graphError(404, "ErrorInvalidUser", `The requested user '${userKey}' is invalid.`);
  const creating = user.licensedAt !== undefined && now().getTime() - user.licensedAt < state.mailboxReadyAfterMs;
  if (!user.assignedLicenses.length || state.mailboxPending.has(user.id) || creating) {
    return graphError(404, "MailboxNotEnabledForRESTAPI", "The mailbox is either inactive, soft-deleted, or is hosted on-premise.");
  }
  const box = state.mail.get(user.id) ?? [];
  state.mail.set(user.id, box);

  if (send && request.method === "POST") {
    if (!String(request.headers["content-type"] ?? "").startsWith("text/plain")) {
      return graphError(400, "ErrorInvalidRequest", "Herald's stand-in takes MIME only (Content-Type text/plain)");
    }
    const text = request.body.toString("utf8").trim();
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return graphError(400, "ErrorMimeContentInvalidBase64String", "Invalid base64 string for MIME content.");
    const raw = Buffer.from(text, "base64");
    const parsed = await simpleParser(raw);
    const from = parsed.from?.value[0]?.address?.toLowerCase();
    if (from !== user.userPrincipalName) {
      return graphError(403, "ErrorSendAsDenied", "The user account which was used to submit this request does not have the right to send mail on behalf of the specified sending account.");
    }
    const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ""));
    if (!to.length || to.some((address) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address))) {
      return graphError(400, "ErrorInvalidRecipients", "At least one recipient is not valid., Recipient is not valid.");
    }
    const sent = await deliverToGraphUser(state, user.id, raw, "sentitems");
    sent.isRead = true;
    const outside: string[] = [];
    for (const address of to) {
      const recipient = context.findUser(address);
      if (recipient?.assignedLicenses.length) await deliverToGraphUser(state, recipient.id, raw, state.junkFrom.has(from) ? "junkemail" : "inbox");
      else outside.push(address);
    }
    if (outside.length) state.outbound.push({ from, to: outside, raw });
    return { status: 202 };
  }

  const folderMatch = /^\/mailFolders\/([^/]+)(\/messages)?$/.exec(rest);
  if (folderMatch && request.method === "GET") {
    const folder = folderMatch[1]!.toLowerCase();
    if (!["inbox", "junkemail", "sentitems"].includes(folder)) return graphError(404, "ErrorInvalidIdMalformed", "Id is malformed.");
    const inFolder = box.filter((message) => message.folder === folder);
    if (!folderMatch[2]) return { body: { id: folder, displayName: folder, totalItemCount: inFolder.length, unreadItemCount: inFolder.filter((message) => !message.isRead).length } };
    const clauses = parseFilter(request.query.get("$filter"));
    if (!clauses) return graphError(400, "BadRequest", "Invalid filter clause");
    const orderby = request.query.get("$orderby");
    if (orderby) {
      const [property, direction = "asc"] = orderby.split(" ");
      if (clauses.length && clauses[0]!.property !== property) return graphError(400, "InefficientFilter", "The restriction or sort order is too complex for this operation.");
      inFolder.sort((a, b) => (a.receivedDateTime < b.receivedDateTime ? -1 : a.receivedDateTime > b.receivedDateTime ? 1 : 0) * (direction === "desc" ? -1 : 1));
    }
    const top = Math.min(1000, Number(request.query.get("$top") ?? 10) || 10);
    const skip = Number(request.query.get("$skip") ?? 0) || 0;
    const found = inFolder.filter((message) => clauses.every((clause) => matches(message, clause))).slice(skip);
    const select = (request.query.get("$select") ?? "").split(",").filter(Boolean);
    const expandSize = /singleValueExtendedProperties\(\$filter=id eq 'Integer 0x0?e08'\)/i.test(request.query.get("$expand") ?? "");
    // Graph's next page is an absolute address on graph.microsoft.com with $skip (here on the stand-in's own).
    const next = new URL(request.url, `http://${request.headers.host}`);
    next.searchParams.set("$skip", String(skip + top));
    return { body: { value: found.slice(0, top).map((message) => shown(message, select, expandSize)), ...(found.length > top ? { "@odata.nextLink": next.toString() } : {}) } };
  }

  const messageMatch = /^\/messages\/([^/]+)(\/\$value|\/move)?$/.exec(rest);
  const message = messageMatch ? box.find((candidate) => candidate.id === messageMatch[1]) : undefined;
  if (messageMatch && !message) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
  if (message && messageMatch?.[2] === "/$value" && request.method === "GET") {
    if (message.internetMessageId && state.unreadable.has(message.internetMessageId)) {
      return graphError(400, "ErrorMimeContentConversionFailed", "The MIME content of the message could not be converted.");
    }
    return { headers: { "content-type": "text/plain" }, body: message.raw };
  }
  if (message && !messageMatch?.[2] && request.method === "PATCH") {
    const changes = JSON.parse(request.body.toString("utf8") || "{}") as { isRead?: unknown };
    if (typeof changes.isRead === "boolean") message.isRead = changes.isRead;
    return { body: shown(message, [], false) };
  }
  if (message && messageMatch?.[2] === "/move" && request.method === "POST") {
    const { destinationId } = JSON.parse(request.body.toString("utf8") || "{}") as { destinationId?: string };
    const folder = String(destinationId ?? "").toLowerCase();
    if (!["inbox", "junkemail", "sentitems"].includes(folder)) return graphError(400, "ErrorInvalidIdMalformed", "Id is malformed.");
    message.folder = folder as FakeMailFolder;
    message.id = graphId();
    return { status: 201, body: shown(message, [], false) };
  }
  return graphError(405, "ErrorInvalidRequest", "The OData request is not supported.");
}
