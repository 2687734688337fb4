// Confirms an SNS subscription by fetching its SubscribeURL, which the SES transport checked is on
// Amazon SNS's host for the topic's region (or the tests' stand-in): no redirects, a short timeout.
import { HeraldError } from "../../../lib/errors";

export async function confirmSnsSubscription(confirmUrl: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(confirmUrl, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new HeraldError({ code: "provider-failed", message: "Amazon SNS could not be reached to confirm the subscription; SNS sends the confirmation again.", cause: error });
  }
  if (!response.ok) throw new HeraldError({ code: "provider-failed", message: `Amazon SNS refused the subscription's confirmation (${response.status}).` });
}
