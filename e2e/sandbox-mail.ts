// Sandbox mail network helpers shared by the browser journeys.
import { planSandboxEmail } from "../server/providers/mail/sandbox/mail-behaviour";

/**
 * A prospect's address the sandbox network's behaviour model leaves alone for this mailbox (no
 * bounce, open, reply or complaint of its own), so that what happens is what the test does.
 */
export function quietProspect(mailboxEmail: string, tag: string, name = "lin.moreau"): string {
  for (let index = 0; index < 500; index++) {
    const address = `${name}.${tag}${index}@prospects.example`;
    const plan = planSandboxEmail({ fromAddress: mailboxEmail, toAddress: address, nth: 0, sentAt: 0, hasLinks: true });
    if (Object.values(plan).every((value) => value === null)) return address;
  }
  throw new Error("no quiet sandbox address found");
}
