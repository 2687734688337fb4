import { SYSTEM_MAILBOX_SETTINGS, sendSystemMail, systemMailboxConfigured } from "../../providers/system-mail";
import { shortenText } from "../../lib/shorten-text";
import type { TInvitationEmail } from "../../schemas/account-user";

/**
 * E-mails an invitation's link through the installation's system mailbox when there is one. Never
 * throws: the invitation stands either way, and the answer says why no e-mail went out, so the
 * inviting admin knows to pass the link on.
 */
export async function sendInvitationEmail(input: { to: string; url: string; workspaceName: string; inviterName: string | null; expiresAt: Date }): Promise<TInvitationEmail> {
  if (!systemMailboxConfigured()) {
    return {
      sent: false,
      to: input.to,
      problem: `No system mailbox is set up: copy the link and send it yourself. The installation's operator can set one with ${SYSTEM_MAILBOX_SETTINGS}.`,
    };
  }
  const inviter = input.inviterName ? `${input.inviterName} invited you` : "You are invited";
  try {
    await sendSystemMail({
      to: input.to,
      subject: `You are invited to ${input.workspaceName} on Herald`,
      text: [
        `${inviter} to join the workspace ${input.workspaceName} on Herald.`,
        "",
        `Accept the invitation: ${input.url}`,
        "",
        `The link works once, until ${input.expiresAt.toUTCString()}. If you did not expect it, ignore this e-mail.`,
      ].join("\n"),
    });
    return { sent: true, to: input.to, problem: null };
  } catch (error) {
    const reason = shortenText(error instanceof Error ? error.message : String(error), 200);
    return { sent: false, to: input.to, problem: `The system mailbox could not send the e-mail (${reason}): copy the link and send it yourself.` };
  }
}
