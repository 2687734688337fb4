// Managed Microsoft 365 mailboxes (Mailbox.provider `microsoft-graph`) through Microsoft Graph as
// Herald's own app registration: app-only, with the application permissions Mail.Send and
// Mail.ReadWrite granted by admin consent, so no password, no SMTP AUTH and no IMAP (Exchange Online
// turned basic authentication off for IMAP in 2022 and for SMTP AUTH from the end of 2026).
// - send: the e-mail Herald composed, as MIME, to `POST /users/{id}/sendMail` (Content-Type
//   text/plain, base64: "Send messages with MIME content"), so its Message-ID, threading and
//   List-Unsubscribe headers go out as composed; Exchange files the copy in Sent Items itself.
// - findSent: Sent Items by `internetMessageId`.
// - fetchIncoming: the inbox ordered by `receivedDateTime` (graph-inbox-cursor.ts), each message's
//   MIME from `/$value`, parsed like an IMAP message, so replies, bounces (Exchange's NDRs are
//   delivery reports) and complaints are read by the same code.
// - warmup: tagged mail in the inbox and Junk Email (`internetMessageHeaders`), opened by
//   `isRead` and rescued by moving it to the inbox.
// There is no push here (Graph's change notifications need a public HTTPS endpoint): it is polled.
import { WARMUP_HEADER } from "../../../domain/mail/warmup-mail";
import { now } from "../../../lib/clock";
import { tokenClaims } from "../../mail-platform/microsoft-graph/graph-access";
import { createGraphClient, type GraphCall, type GraphClientWithToken, type GraphOptions } from "../../mail-platform/microsoft-graph/graph-client";
import { maxMessageBytes } from "../smtp/imap-operations";
import { toIncomingEmail } from "../smtp/incoming-message";
import { composeRawEmail } from "../smtp/mail-server-provider";
import { MailProviderError, type IncomingEmail, type MailboxHandle, type MailProvider, type WarmupMailFolder, type WarmupMailFound } from "../types";
import { graphInstant, listFrom, parseCursor, unreadAfter } from "./graph-inbox-cursor";
import { graphMailError, type GraphMailPermission } from "./graph-mail-errors";

interface GraphMessage {
  id: string;
  receivedDateTime: string;
  internetMessageId?: string;
  isRead?: boolean;
  bodyPreview?: string;
  internetMessageHeaders?: { name: string; value: string }[];
  singleValueExtendedProperties?: { id: string; value: string }[];
}

/** PidTagMessageSize, the message's size in bytes (Graph's message has no size property of its own). */
const SIZE_PROPERTY = "Integer 0x0E08";
const DEFAULT_FETCH_LIMIT = 100;
/** Warmup mail is looked for among the messages of a folder since `since`, this many per page, up to WARMUP_PAGES pages. */
const WARMUP_PAGE = 200;
const WARMUP_PAGES = 5;
const FOLDERS: Record<WarmupMailFolder, string> = { inbox: "inbox", spam: "junkemail", promotions: "inbox" };

/** An OData string literal: quotes doubled, the whole query URL-encoded by the caller. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const query = (parts: Record<string, string>) =>
  Object.entries(parts)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");

/**
 * The path below /v1.0 of Graph's `@odata.nextLink`: only its path and query are used, always on the
 * configured Graph address, so an answer cannot send Herald's token to another host.
 */
export function nextPath(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, "https://graph.invalid");
    const at = url.pathname.indexOf("/v1.0/");
    return at === -1 ? null : `${url.pathname.slice(at + "/v1.0".length)}${url.search}`;
  } catch {
    return null;
  }
}

export function createGraphMailProvider(options: GraphOptions): MailProvider {
  const client: GraphClientWithToken = createGraphClient(options);

  function userPath(handle: MailboxHandle): string {
    if (handle.credentials.kind !== "app") throw new MailProviderError("auth-failed", `${handle.email} is not a mailbox Herald reaches through Microsoft Graph`);
    return `/users/${encodeURIComponent(handle.credentials.userId)}`;
  }

  async function call<T>(handle: MailboxHandle, permission: GraphMailPermission, request: GraphCall, recipient?: string): Promise<T | null> {
    try {
      return await client<T>(request);
    } catch (error) {
      throw graphMailError(error, { email: handle.email, permission, recipient, sending: request.effect === "once" });
    }
  }

  async function list(handle: MailboxHandle, path: string, what: string, maxPages = 1): Promise<GraphMessage[]> {
    const messages: GraphMessage[] = [];
    let next: string | null = path;
    for (let page = 0; next !== null && page < maxPages; page++) {
      const body: { value?: GraphMessage[]; "@odata.nextLink"?: string } | null = await call(handle, "Mail.ReadWrite", { method: "GET", path: next, effect: "repeatable", what });
      messages.push(...(body?.value ?? []));
      next = nextPath(body?.["@odata.nextLink"]);
    }
    return messages;
  }

  /** A message's headers and Graph's preview of its body, for one that cannot be read whole. */
  function standIn(message: GraphMessage, position: string, reason: string): Promise<IncomingEmail> {
    const headers = (message.internetMessageHeaders ?? []).map((header) => `${header.name}: ${header.value}`).join("\r\n");
    return toIncomingEmail(position, Buffer.from(`${headers}\r\n\r\n${message.bodyPreview ?? ""}`), new Date(message.receivedDateTime), reason);
  }

  async function read(handle: MailboxHandle, message: GraphMessage, position: string): Promise<IncomingEmail | null> {
    // Graph names the property back in its own spelling (`Integer 0xe08`).
    const size = Number(message.singleValueExtendedProperties?.find((property) => /^integer 0x0*e08$/i.test(property.id))?.value);
    if (Number.isFinite(size) && size > maxMessageBytes()) {
      return standIn(message, position, `Too large (${(size / 1_048_576).toFixed(1)} MB): only its headers and the start of its text were read`);
    }
    try {
      const mime = await call<Buffer>(handle, "Mail.ReadWrite", {
        method: "GET",
        path: `${userPath(handle)}/messages/${encodeURIComponent(message.id)}/$value`,
        bytesAnswer: true,
        effect: "repeatable",
        what: `reading a message of ${handle.email}`,
      });
      return await toIncomingEmail(position, mime ?? Buffer.alloc(0), new Date(message.receivedDateTime));
    } catch (error) {
      if (!(error instanceof MailProviderError) || error.retryable || error.code === "auth-failed") throw error;
      // Deleted or moved between the listing and the download: nothing to read at its place.
      if (error.serverResponse === "ErrorItemNotFound") return null;
      // Graph will not give this one message (a MIME conversion it refuses): what the listing showed
      // stands in for it, so that it does not hold up the mail after it.
      return standIn(message, position, `Microsoft 365 would not give the whole message: ${error.message}`);
    }
  }

  async function findIn(handle: MailboxHandle, folder: string, messageId: string, extra = ""): Promise<GraphMessage[]> {
    const filter = `internetMessageId eq ${literal(messageId)}${extra}`;
    return list(handle, `${userPath(handle)}/mailFolders/${folder}/messages?${query({ $filter: filter, $select: "id,receivedDateTime", $top: "5" })}`, `looking for ${messageId} in ${handle.email}`);
  }

  return {
    name: "microsoft-graph",

    // The inbox answers only with Mail.ReadWrite (or Mail.Read); sending has no dry run, so the
    // token's granted permissions (its `roles`) say whether Mail.Send is there.
    async verify(handle) {
      const token = await client.token().catch((error: unknown) => {
        throw graphMailError(error, { email: handle.email, permission: "Mail.Send" });
      });
      if (!tokenClaims(token).roles.includes("Mail.Send")) {
        throw new MailProviderError(
          "auth-failed",
          `Herald's app registration in Microsoft 365 lacks the Microsoft Graph application permission Mail.Send (to send as ${handle.email}): grant it with admin consent in Microsoft Entra admin center`,
        );
      }
      await call(handle, "Mail.ReadWrite", { method: "GET", path: `${userPath(handle)}/mailFolders/inbox?$select=id`, effect: "repeatable", what: `opening the inbox of ${handle.email}` });
    },

    async send(handle, email) {
      const raw = await composeRawEmail(email, now());
      await call(
        handle,
        "Mail.Send",
        {
          method: "POST",
          path: `${userPath(handle)}/sendMail`,
          rawBody: { contentType: "text/plain", text: raw.toString("base64") },
          effect: "once",
          what: `sending an e-mail from ${handle.email}`,
        },
        email.to.address,
      );
      // Graph answers 202 Accepted: Exchange took the message for delivery and files it in Sent Items.
      return { messageId: email.messageId, acceptedAt: now().toISOString(), response: "202 Accepted (Microsoft Graph sendMail)" };
    },

    async findSent(handle, messageId, since) {
      const found = await findIn(handle, "sentitems", messageId, ` and sentDateTime ge ${graphInstant(new Date(since.getTime() - 60_000))}`);
      return found.length > 0;
    },

    async fetchIncoming(handle, input) {
      const limit = input.limit ?? DEFAULT_FETCH_LIMIT;
      const cursor = parseCursor(input.cursor);
      // Graph sorts only by a property the filter starts with ("InefficientFilter" otherwise).
      const path = `${userPath(handle)}/mailFolders/inbox/messages?${query({
        $filter: `receivedDateTime ge ${listFrom(cursor, input.since)}`,
        $orderby: "receivedDateTime asc",
        $select: "id,receivedDateTime,internetMessageHeaders,bodyPreview",
        $expand: `singleValueExtendedProperties($filter=id eq ${literal(SIZE_PROPERTY)})`,
        $top: String(Math.min(1000, limit + (cursor?.read.length ?? 0))),
      })}`;
      const listed = await list(handle, path, `reading the inbox of ${handle.email}`);
      const unread = unreadAfter(listed, cursor).slice(0, limit);
      const messages: IncomingEmail[] = [];
      for (const { message, cursor: position } of unread) {
        const email = await read(handle, message, position);
        if (email) messages.push(email);
      }
      return { messages, cursor: unread.at(-1)?.cursor ?? input.cursor };
    },

    async listWarmupMail(handle, input) {
      const found: WarmupMailFound[] = [];
      for (const folder of ["inbox", "spam"] as const) {
        const path = `${userPath(handle)}/mailFolders/${FOLDERS[folder]}/messages?${query({
          $filter: `receivedDateTime ge ${graphInstant(input.since)}`,
          $select: "id,receivedDateTime,internetMessageId,isRead,internetMessageHeaders",
          $top: String(WARMUP_PAGE),
        })}`;
        for (const message of await list(handle, path, `looking for warmup mail in ${handle.email}`, WARMUP_PAGES)) {
          const tagged = message.internetMessageHeaders?.some((header) => header.name.toLowerCase() === WARMUP_HEADER.toLowerCase());
          if (tagged && message.internetMessageId) found.push({ messageId: message.internetMessageId, folder, seen: message.isRead === true });
        }
      }
      return found;
    },

    async openWarmupMail(handle, input) {
      const opened: string[] = [];
      for (const wanted of input.messages) {
        const [message] = await findIn(handle, FOLDERS[wanted.folder], wanted.messageId);
        if (!message) continue;
        const path = `${userPath(handle)}/messages/${encodeURIComponent(message.id)}`;
        await call(handle, "Mail.ReadWrite", { method: "PATCH", path, body: { isRead: true }, effect: "repeatable", what: `opening a warmup e-mail in ${handle.email}` });
        if (wanted.rescue && FOLDERS[wanted.folder] !== "inbox") {
          await call(handle, "Mail.ReadWrite", { method: "POST", path: `${path}/move`, body: { destinationId: "inbox" }, effect: "repeatable", what: `moving a warmup e-mail to the inbox of ${handle.email}` });
        }
        opened.push(wanted.messageId);
      }
      return opened;
    },
  };
}
