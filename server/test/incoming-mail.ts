// Incoming mail for reading tests and the reading benchmark: a mailbox on a Dovecot, leads of a
// running campaign each sent one e-mail from it (what replies and bounces refer to), and raw RFC
// 5322 messages of each kind a mailbox receives: replies, auto-replies, DSN bounces, strangers' mail.
import { db } from "../db/client";
import { now } from "../lib/clock";
import { encryptMailCredentials, mailboxSettingsColumn } from "../services/mail/mailboxes/mailbox-columns";

export interface SentToLead {
  address: string;
  messageId: string;
  campaignLeadId: string;
}

/** A password mailbox whose IMAP server is the given Dovecot (its SMTP side is never used). */
export async function createImapMailbox(workspaceId: string, email: string, password: string, imapPort: number) {
  const server = (port: number) => ({ host: "127.0.0.1", port, security: "none" as const, username: email });
  return db.mailbox.create({
    data: {
      workspaceId,
      label: "Rep",
      email,
      provider: "smtp",
      authType: "password",
      connectedVia: "api",
      settings: mailboxSettingsColumn({ smtp: server(1), imap: server(imapPort) }),
      credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: password, imapPassword: password }),
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

/** `count` leads in a running campaign of the mailbox, each sent one e-mail an hour ago, written in bulk. */
export async function seedSentEmails(workspaceId: string, mailbox: { id: string; email: string }, count: number): Promise<SentToLead[]> {
  const at = now();
  const campaign = await db.campaign.create({
    data: {
      workspaceId,
      name: "Replies",
      status: "active",
      emailAccountIds: [mailbox.id],
      unsubscribe: { enabled: false },
      tracking: { opens: "off", clicks: "off" },
      schedule: {},
      sequence: { steps: [] },
      createdAt: at,
      updatedAt: at,
    },
  });
  const sent: SentToLead[] = [];
  for (let start = 0; start < count; start += 1000) {
    const indexes = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => start + offset);
    const leads = await db.lead.createManyAndReturn({
      data: indexes.map((index) => ({ workspaceId, email: `lead${index}@prospect.test`, firstName: `Lead${index}`, source: "api", createdAt: at, updatedAt: at })),
      select: { id: true, email: true },
    });
    const campaignLeads = await db.campaignLead.createManyAndReturn({
      data: leads.map((lead) => ({
        workspaceId,
        campaignId: campaign.id,
        leadId: lead.id,
        emailAccountId: mailbox.id,
        emailContacted: true,
        status: "running" as const,
        currentStepId: "first",
        currentStepType: "email",
        createdAt: at,
        updatedAt: at,
      })),
      select: { id: true, leadId: true },
    });
    const byLead = new Map(campaignLeads.map((row) => [row.leadId, row.id]));
    const rows = leads.map((lead) => ({ lead, campaignLeadId: byLead.get(lead.id)!, messageId: `<sent.${lead.id}@herald.test>` }));
    await db.emailMessage.createMany({
      data: rows.map(({ lead, campaignLeadId, messageId }) => ({
        workspaceId,
        mailboxId: mailbox.id,
        leadId: lead.id,
        campaignLeadId,
        campaignId: campaign.id,
        stepId: "first",
        variantId: "a",
        direction: "outbound",
        source: "campaign",
        status: "sent",
        messageId,
        threadRootId: messageId,
        fromAddress: mailbox.email,
        toAddress: lead.email!,
        subject: "A question about your pipeline",
        text: "Would a short call next week work?",
        sentAt: new Date(at.getTime() - 3_600_000),
        createdAt: at,
        updatedAt: at,
      })),
    });
    sent.push(...rows.map(({ lead, campaignLeadId, messageId }) => ({ address: lead.email!, messageId, campaignLeadId })));
  }
  return sent;
}

const date = () => new Date().toUTCString();

/** The lead answers Herald's e-mail, quoting it as mail apps do. */
export function replyMessage(id: string, to: string, sent: SentToLead): string {
  return [
    `From: <${sent.address}>`,
    `To: ${to}`,
    "Subject: Re: A question about your pipeline",
    `Message-ID: <${id}@prospect.test>`,
    `In-Reply-To: ${sent.messageId}`,
    `References: ${sent.messageId}`,
    `Date: ${date()}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Sounds good, call me on Tuesday afternoon.",
    "",
    `On Mon, 2 Mar 2026 at 09:00, Rep <${to}> wrote:`,
    "> Would a short call next week work?",
    "",
  ].join("\r\n");
}

/** An out-of-office answer (RFC 3834 Auto-Submitted). */
export function autoReplyMessage(id: string, to: string, sent: SentToLead): string {
  return [
    `From: <${sent.address}>`,
    `To: ${to}`,
    "Subject: Automatic reply: A question about your pipeline",
    `Message-ID: <${id}@prospect.test>`,
    `In-Reply-To: ${sent.messageId}`,
    "Auto-Submitted: auto-replied",
    `Date: ${date()}`,
    "",
    "I am out of the office until Monday 9 March with limited access to e-mail.",
    "",
  ].join("\r\n");
}

/** A hard bounce from the recipient's server (RFC 3464 multipart/report), returning the original's headers. */
export function bounceMessage(id: string, to: string, sent: SentToLead): string {
  const boundary = `dsn-${id}`;
  return [
    "From: Mail Delivery System <mailer-daemon@mx.prospect.test>",
    `To: ${to}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <${id}@mx.prospect.test>`,
    "Auto-Submitted: auto-replied",
    `Date: ${date()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=us-ascii",
    "",
    `I'm sorry to have to inform you that your message could not be delivered to <${sent.address}>.`,
    "",
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.prospect.test",
    "",
    `Final-Recipient: rfc822; ${sent.address}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
    "",
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    `From: Rep <${to}>`,
    `To: <${sent.address}>`,
    "Subject: A question about your pipeline",
    `Message-ID: ${sent.messageId}`,
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** Mail that answers nothing Herald sent. */
export function strangerMessage(id: string, to: string): string {
  return [`From: <${id}@elsewhere.test>`, `To: ${to}`, "Subject: Partnership idea", `Message-ID: <${id}@elsewhere.test>`, `Date: ${date()}`, "", "Hello, would you like to partner with us?", ""].join("\r\n");
}
