// With the campaigns, not with the rest of e-mail tracking (mail/tracking sits below the campaigns):
// a click moves a lead waiting at a condition on opens or clicks (on-email-activity.ts).
import { now } from "../../lib/clock";
import { withOutbox } from "../events/with-outbox";
import { engagementData, findTrackedEmail, recordFirstOpen } from "../mail/tracking/email-engagement";
import { onEmailActivity } from "./executor/on-email-activity";

/**
 * Records that the recipient followed a tracked link of an e-mail: email.clicked (with the link)
 * once per e-mail, never within the grace period after sending. The caller has checked the link's
 * signature. Returns whether this was the e-mail's first click.
 *
 * A click proves the e-mail was opened, though most mail apps block the pixel until images are
 * allowed: a click on an e-mail with no open yet records the open too (email.opened first), so open
 * rates never count fewer opens than clicks.
 */
export async function recordEmailClick(token: string, url: string, at: Date = now()): Promise<boolean> {
  const email = await findTrackedEmail(token, at);
  if (!email) return false;
  return withOutbox(async (tx, emit) => {
    const claimed = await tx.emailMessage.updateMany({ where: { id: email.id, clickedAt: null }, data: { clickedAt: at, updatedAt: at } });
    if (!claimed.count) return false;
    await recordFirstOpen(tx, emit, email, at);
    if (email.campaignLeadId) {
      await tx.campaignLead.updateMany({ where: { id: email.campaignLeadId, emailClickedAt: null }, data: { emailClickedAt: at, updatedAt: at } });
    }
    await emit({ workspaceId: email.workspaceId, event: "email.clicked", data: { ...engagementData(email, at), url } });
    // The open and the click move a lead waiting at a condition on either.
    if (email.campaignLeadId) await onEmailActivity(tx, emit, email.campaignLeadId, at);
    return true;
  });
}
