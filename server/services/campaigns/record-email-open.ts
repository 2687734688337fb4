// With the campaigns, not with the rest of e-mail tracking (mail/tracking sits below the campaigns):
// an open moves a lead waiting at a condition on opens (on-email-activity.ts).
import { now } from "../../lib/clock";
import { withOutbox } from "../events/with-outbox";
import { findTrackedEmail, recordFirstOpen } from "../mail/tracking/email-engagement";
import { onEmailActivity } from "./executor/on-email-activity";

/**
 * Records that the recipient opened a tracked e-mail (its pixel was loaded): email.opened once per
 * e-mail, never within the grace period after sending. Unknown tokens are ignored: the pixel is
 * answered all the same. A lead waiting at a condition on opens takes its yes branch. Returns
 * whether this was the e-mail's first open.
 */
export async function recordEmailOpen(token: string, at: Date = now()): Promise<boolean> {
  const email = await findTrackedEmail(token, at);
  if (!email) return false;
  return withOutbox(async (tx, emit) => {
    const first = await recordFirstOpen(tx, emit, email, at);
    if (first && email.campaignLeadId) await onEmailActivity(tx, emit, email.campaignLeadId, at);
    return first;
  });
}
