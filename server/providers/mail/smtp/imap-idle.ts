// Waiting for new mail with IMAP IDLE (RFC 2177): a connection of its own selects the INBOX and
// idles; the server announces each arrival (an untagged EXISTS), which ends the wait at once.
// A server without IDLE in its CAPABILITY ends it at once as well, answering false: the caller polls.
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import { afterImapSignIn } from "./mail-errors";

function cursorUid(cursor: string | null | undefined, validity: string): number | null {
  const match = cursor ? /^(\d+):(\d+)$/.exec(cursor) : null;
  return match && match[1] === validity ? Number(match[2]) : null;
}

/**
 * Resolves true when mail arrived in the INBOX (during the wait, or already after `cursor` when
 * given), false when `timeoutMs` passed, `signal` aborted, or the server offers no IDLE.
 */
export async function waitForInbox(options: ImapFlowOptions, input: { timeoutMs: number; signal?: AbortSignal; cursor?: string | null }): Promise<boolean> {
  if (input.signal?.aborted || input.timeoutMs <= 0) return false;
  // No automatic IDLE: this connection idles only inside the wait, and ends with it.
  // A quiet IDLE is no dead connection: the inactivity limit outlasts the wait.
  const client = new ImapFlow({ ...options, disableAutoIdle: true, socketTimeout: Math.max(options.socketTimeout ?? 0, input.timeoutMs + 30_000) });
  client.on("error", () => undefined);
  await client.connect();
  try {
    if (!client.capabilities.has("IDLE")) return false;
    const mailbox = await client.mailboxOpen("INBOX", { readOnly: true });
    // Mail that arrived between the last read and this connection is news as well.
    const read = cursorUid(input.cursor, String(mailbox.uidValidity));
    if (read !== null && (mailbox.uidNext ?? 1) - 1 > read) return true;

    return await new Promise<boolean>((resolve, reject) => {
      const finish = (arrived: boolean) => {
        clearTimeout(timer);
        input.signal?.removeEventListener("abort", aborted);
        client.off("exists", exists);
        client.off("close", closed);
        resolve(arrived);
      };
      const exists = (event: { count: number; prevCount: number }) => {
        if (event.count > event.prevCount) finish(true);
      };
      const aborted = () => finish(false);
      const closed = () => {
        clearTimeout(timer);
        reject(new Error("The IMAP server closed the connection while waiting for new mail"));
      };
      const timer = setTimeout(() => finish(false), input.timeoutMs);
      input.signal?.addEventListener("abort", aborted, { once: true });
      client.on("exists", exists);
      client.on("close", closed);
      // Resolves when IDLE ends (the sign-out below breaks it); its failure shows as `close`.
      client.idle().catch(() => undefined);
    });
  } catch (error) {
    throw afterImapSignIn(error);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
