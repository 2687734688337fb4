// The sandbox network's mailboxes are read right after its prospects answered (the network's
// minute, services/sandbox/advance-sandbox-network.ts), not by the poll: a sandbox reply takes
// effect in the same minute as a sandbox LinkedIn reply, which the campaign forecast relies on.
import { Prisma } from "../../../db/generated/client";
import { db } from "../../../db/client";
import { readMailbox, SINCE_MARGIN_MS, type ReadMailboxResult } from "./read-mailbox";

/** Connected sandbox mailboxes with inbound mail after their cursor (or, never read, since they were connected). */
async function sandboxMailboxesWithNewMail(): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    SELECT m.id FROM "Mailbox" m
    WHERE m.provider = 'sandbox' AND m.status = 'connected'
      AND EXISTS (
        SELECT 1 FROM "SandboxEmail" s
        WHERE s."toAddress" = m.email AND s.direction = 'inbound'
          AND CASE WHEN m."readCursor" ~ '^[0-9]+$' THEN s.seq > m."readCursor"::bigint
                   ELSE s."sentAt" >= m."createdAt" - make_interval(secs => ${SINCE_MARGIN_MS / 1000}) END
      )
    ORDER BY m.id`);
  return rows.map((row) => row.id);
}

/** Reads every sandbox mailbox that has new mail, to the end. Returns how many messages were taken in. */
export async function readSandboxMailboxes(): Promise<{ mailboxes: number; read: number }> {
  const ids = await sandboxMailboxesWithNewMail();
  let read = 0;
  for (const id of ids) {
    let result: ReadMailboxResult;
    do {
      result = await readMailbox(id);
      read += result.read;
    } while (result.more);
  }
  return { mailboxes: ids.length, read };
}
