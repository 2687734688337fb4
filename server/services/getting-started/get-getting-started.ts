import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { linkedinProviderName } from "../../providers/linkedin";
import { DEMO_MAILBOX, type TGettingStarted } from "../../schemas/getting-started";

/**
 * The home's checklist in three indexed look-ups, whatever the workspace holds: the workspace's
 * moments (set once by what did them, record-getting-started.ts), its first campaign and whether
 * it has a mailbox of its own (the Quick start's sample mailbox does not count: nobody connected it).
 */
export async function getGettingStarted(actor: Actor): Promise<TGettingStarted> {
  const [workspace, firstCampaign, mailbox] = await Promise.all([
    db.workspace.findUnique({
      where: { id: actor.workspaceId },
      select: { forecastOpenedAt: true, campaignActivatedAt: true, sandboxActedAt: true, gettingStartedDismissedAt: true, emailChannelEnabled: true },
    }),
    db.campaign.findFirst({ where: { workspaceId: actor.workspaceId, archivedAt: null }, orderBy: { createdAt: "asc" }, select: { id: true, name: true } }),
    db.mailbox.findFirst({ where: { workspaceId: actor.workspaceId, email: { not: DEMO_MAILBOX } }, select: { id: true } }),
  ]);
  if (!workspace) throw HeraldError.notFound("Workspace");
  return {
    dismissed: workspace.gettingStartedDismissedAt !== null,
    steps: {
      forecast: workspace.forecastOpenedAt !== null,
      activate: workspace.campaignActivatedAt !== null,
      sandbox: linkedinProviderName() === "sandbox" ? workspace.sandboxActedAt !== null : null,
      mailbox: workspace.emailChannelEnabled ? mailbox !== null : null,
    },
    firstCampaign,
  };
}
