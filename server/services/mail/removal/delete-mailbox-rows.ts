// What removing a mailbox does, whoever removes it (a person through DELETE, or the renewal cron at
// a managed mailbox's cancel date): it leaves every campaign pool, its leads go to the remaining
// mailboxes, its e-mails and their inbox conversations go with it, and what it held (settings,
// campaigns, leads) is kept for the restore window, so connecting the same address again in time
// brings it all back (saveConnectedMailbox).
import type { Prisma } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { env } from "../../../env";
import { now } from "../../../lib/clock";
import { assignCampaignMailboxes } from "../../campaigns/assign-campaign-mailboxes";
import { withOutbox } from "../../events/with-outbox";
import { emitMailboxEvent } from "../mailboxes/emit-mailbox-event";
import { removedMailboxSnapshotColumn } from "../mailboxes/mailbox-columns";

const OPEN_STATUSES = ["pending", "running", "paused"] as const;
const DAY_MS = 86_400_000;

/**
 * Removes the mailbox when it still matches `onlyIf`; false (and nothing changed) when it is gone or
 * no longer matches, e.g. removed by a concurrent call.
 */
export async function deleteMailboxRows(row: Mailbox, onlyIf: Prisma.MailboxWhereInput = {}): Promise<boolean> {
  const removedAt = now();
  return withOutbox(
    async (tx, emit) => {
      const pools = await tx.campaign.findMany({
        where: { workspaceId: row.workspaceId, emailAccountIds: { has: row.id } },
        select: { id: true, emailAccountIds: true },
      });
      const openLeads = await tx.campaignLead.findMany({
        where: { emailAccountId: row.id, status: { in: [...OPEN_STATUSES] } },
        select: { id: true },
      });
      // Leads it e-mailed may sit in campaigns whose pool it already left (pinned to their thread).
      const holding = await tx.campaignLead.groupBy({ by: ["campaignId"], where: { emailAccountId: row.id } });
      const gone = await tx.mailbox.deleteMany({ where: { ...onlyIf, id: row.id } });
      if (!gone.count) return false;
      // Its e-mails went with the row (cascade); its threads must too. A conversation is the inbox's
      // summary of a thread (kept by triggers on insert only), so left behind it would still show the
      // removed mail's last text and counts of messages that no longer exist. An e-mail thread is one
      // mailbox's (its chat id names the mailbox), never shared with a LinkedIn chat.
      await tx.conversation.deleteMany({ where: { workspaceId: row.workspaceId, channel: "email", accountId: row.id } });

      await tx.removedMailbox.create({
        data: {
          workspaceId: row.workspaceId,
          email: row.email,
          mailboxId: row.id,
          snapshot: removedMailboxSnapshotColumn({
            settings: {
              label: row.label,
              fromName: row.fromName,
              dailyLimit: row.dailyLimit,
              signature: row.signature,
              trackOpens: row.trackOpens,
              trackClicks: row.trackClicks,
              timezone: row.timezone,
            },
            campaignIds: pools.map((campaign) => campaign.id),
            campaignLeadIds: openLeads.map((lead) => lead.id),
          }),
          removedAt,
          restorableUntil: new Date(removedAt.getTime() + env().HERALD_MAILBOX_RESTORE_DAYS * DAY_MS),
        },
      });

      const campaigns = new Map<string, string[]>();
      for (const campaign of pools) campaigns.set(campaign.id, campaign.emailAccountIds.filter((id) => id !== row.id));
      for (const lead of holding) {
        if (campaigns.has(lead.campaignId)) continue;
        const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: lead.campaignId }, select: { emailAccountIds: true } });
        campaigns.set(lead.campaignId, campaign.emailAccountIds);
      }
      for (const [id, emailAccountIds] of campaigns) {
        if (pools.some((campaign) => campaign.id === id)) {
          await tx.campaign.update({ where: { id }, data: { emailAccountIds, updatedAt: removedAt } });
        }
        await assignCampaignMailboxes(tx, { id, emailAccountIds }, { releaseContacted: [row.id] });
      }

      await emitMailboxEvent(tx, emit, { ...row, status: "disconnected", updatedAt: removedAt }, "account.status_changed", {
        previousStatus: row.status,
        removed: true,
      });
      return true;
    },
    { timeout: 60_000 },
  );
}
