// The forecast's mailboxes: each as a mailbox turn sees it (available, its gap, its send count) with
// what it already sent today, counted as the executor counts it (countMailboxUsage).
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { emailHasLinks } from "../../../domain/email/email-links";
import { turnMailbox } from "../../../domain/sequence/turn-policy";
import { countMailboxUsage } from "../../mailboxes/count-mailbox-usage";
import type { SimMailbox } from "./simulation-types";

/** As compose-campaign-email.ts adds it: an HTML signature keeps its links; a plain one becomes paragraphs without any. */
function signatureHasLinks(signature: string | null): boolean {
  const trimmed = signature?.trim();
  return Boolean(trimmed && /<\/?[a-z][^>]*>/i.test(trimmed) && emailHasLinks(trimmed, ""));
}

export async function loadSimMailboxes(ids: string[], at: Date): Promise<{ rows: Mailbox[]; mailboxes: SimMailbox[] }> {
  if (!ids.length) return { rows: [], mailboxes: [] };
  const rows = await db.mailbox.findMany({ where: { id: { in: ids } } });
  const mailboxes = await Promise.all(
    rows.map(async (row) => {
      const turn = turnMailbox(row);
      return {
        id: row.id,
        timezone: row.timezone,
        dailyLimit: row.dailyLimit,
        usedToday: (await countMailboxUsage(row, at)).sent,
        nextSendAt: turn.nextSendAt,
        sendCount: row.campaignSendCount,
        available: turn.available,
        trackOpens: row.trackOpens,
        trackClicks: row.trackClicks,
        signatureHasLinks: signatureHasLinks(row.signature),
      };
    }),
  );
  return { rows, mailboxes };
}
