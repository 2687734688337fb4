import { getLinkedinProvider } from "../../providers/linkedin";
import { collectDueSandboxActivity } from "../../providers/linkedin/sandbox/network-activity";
import { readSandboxMailboxes } from "../mail/inbound/read-sandbox-mailboxes";
import { recordProviderActivity } from "../linkedin-activity/record-provider-activity";
import { advanceSandboxMail } from "./advance-sandbox-mail";

/**
 * Lets the sandbox networks live up to now: prospects accept and reply when the behaviour model says
 * so, and Herald takes it in exactly as it takes a real provider's webhooks. The mail network runs
 * whatever the LinkedIn provider is, since each mailbox chooses its own (sandbox mailboxes exist
 * beside a real LinkedIn provider). What the mail prospects wrote is read into the sandbox mailboxes
 * at once, so an e-mail reply takes effect in the same minute as a LinkedIn reply.
 */
export async function advanceSandboxNetwork(): Promise<{ activities: number }> {
  const mail = await advanceSandboxMail();
  await readSandboxMailboxes();
  const provider = await getLinkedinProvider();
  if (provider.name !== "sandbox") return { activities: mail.moments };
  let total = mail.moments;
  for (;;) {
    const activities = await collectDueSandboxActivity();
    for (const activity of activities) await recordProviderActivity("sandbox", activity);
    total += activities.length;
    if (activities.length === 0) return { activities: total };
  }
}
