import { now } from "../../../lib/clock";
import { withOutbox } from "../../events/with-outbox";
import { findTrackedEmail, recordFirstOpen } from "./email-engagement";

/**
 * Records that the recipient opened a tracked e-mail (its pixel was loaded): email.opened once per
 * e-mail, never within the grace period after sending. Unknown tokens are ignored: the pixel is
 * answered all the same. Returns whether this was the e-mail's first open.
 */
export async function recordEmailOpen(token: string, at: Date = now()): Promise<boolean> {
  const email = await findTrackedEmail(token, at);
  if (!email) return false;
  return withOutbox((tx, emit) => recordFirstOpen(tx, emit, email, at));
}
