// One signed-in IMAP connection per mailbox for filing copies in the Sent folder. A fresh sign-in
// per e-mail (connect, LOGIN, LIST, APPEND, LOGOUT; Dovecot also starts a process for each)
// made the copy cost more than the send itself: 37 e-mails/s instead of 150+ (bench/email-send.ts
// --sent-copy). Keyed like the SMTP pools: new settings or a renewed secret replace the
// connection; one unused for a while is signed out; one that broke is replaced on next use.
import { createHash } from "node:crypto";
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import type { MailboxHandle } from "../types";
import type { MailServerAuth } from "./connection-options";
import { findSentFolder } from "./imap-operations";

const IDLE_MS = 60_000;

export interface ImapSession {
  client: ImapFlow;
  /** The Sent folder's path, looked up once per connection; null when the mailbox has none. */
  sentFolder(): Promise<string | null>;
}

interface SessionEntry {
  key: string;
  session: Promise<ImapSession>;
  idleTimer: NodeJS.Timeout | null;
  inFlight: number;
  retired: boolean;
}

export interface ImapSessions {
  use<T>(handle: MailboxHandle, auth: MailServerAuth, options: ImapFlowOptions, work: (session: ImapSession) => Promise<T>): Promise<T>;
  closeAll(): void;
}

async function open(options: ImapFlowOptions): Promise<ImapSession> {
  const client = new ImapFlow(options);
  // A connection that breaks while idle reports through 'error'; the next use sees it unusable.
  client.on("error", () => undefined);
  await client.connect();
  let sentFolder: Promise<string | null> | null = null;
  return {
    client,
    sentFolder: () => (sentFolder ??= findSentFolder(client)),
  };
}

function signOut(entry: SessionEntry) {
  entry.session.then(
    ({ client }) => client.logout().catch(() => client.close()),
    () => undefined,
  );
}

export function createImapSessions(idleMs = IDLE_MS): ImapSessions {
  const entries = new Map<string, SessionEntry>();

  function close(mailboxId: string, entry: SessionEntry) {
    if (entries.get(mailboxId) === entry) entries.delete(mailboxId);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    if (entry.inFlight > 0) entry.retired = true;
    else signOut(entry);
  }

  return {
    async use(handle, auth, options, work) {
      const secret = auth.type === "password" ? auth.pass : auth.accessToken;
      const key = createHash("sha256").update(JSON.stringify([handle.id, handle.settings?.imap, auth.type, auth.user, secret])).digest("hex");
      let entry = entries.get(handle.id);
      if (entry && entry.key !== key) close(handle.id, entry);
      entry = entries.get(handle.id);
      if (entry) {
        const current = entry;
        const usable = await current.session.then(
          ({ client }) => client.usable,
          () => false,
        );
        if (!usable) close(handle.id, current);
      }
      entry = entries.get(handle.id);
      if (!entry) {
        entry = { key, session: open(options), idleTimer: null, inFlight: 0, retired: false };
        entries.set(handle.id, entry);
      }
      const used = entry;
      if (used.idleTimer) clearTimeout(used.idleTimer);
      used.idleTimer = null;
      used.inFlight += 1;
      try {
        return await work(await used.session);
      } catch (error) {
        // A failed sign-in or command leaves the connection in doubt: the next use starts afresh.
        close(handle.id, used);
        throw error;
      } finally {
        used.inFlight -= 1;
        if (used.inFlight === 0) {
          if (used.retired) {
            signOut(used);
          } else if (entries.get(handle.id) === used) {
            used.idleTimer = setTimeout(() => close(handle.id, used), idleMs);
            used.idleTimer.unref();
          }
        }
      }
    },
    closeAll() {
      for (const [mailboxId, entry] of [...entries]) close(mailboxId, entry);
    },
  };
}
