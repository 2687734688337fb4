// Seeds what e-mail tracking works on, directly as rows: a mailbox, a lead, a campaign with the lead
// in it, and an e-mail sent to the lead with its tracking token (the composer writes these).
import { db } from "../db/client";
import type { CampaignLeadStatus } from "../db/generated/client";
import { randomToken } from "../lib/crypto";
import { createTestWorkspace } from "./factories";

let sequence = 0;

export async function seedTrackedEmail(options: { sentAt?: Date | null; campaignLeadStatus?: CampaignLeadStatus; address?: string; workspaceName?: string } = {}) {
  sequence += 1;
  const at = new Date();
  const { workspace, actor } = await createTestWorkspace({ name: options.workspaceName ?? "Acme Outreach" });
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Sales",
      email: `sales${sequence}@acme.example`,
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      createdAt: at,
      updatedAt: at,
    },
  });
  const address = options.address ?? `ada${sequence}@prospect.example`;
  const lead = await db.lead.create({
    data: { workspaceId: workspace.id, email: address, firstName: "Ada", lastName: "Lovelace", source: "api", createdAt: at, updatedAt: at },
  });
  const campaign = await db.campaign.create({
    data: {
      workspaceId: workspace.id,
      name: "Autumn outreach",
      status: "active",
      unsubscribe: { enabled: true, text: "Not interested? {{unsubscribe}}" },
      tracking: { opens: "on", clicks: "on" },
      emailAccountIds: [mailbox.id],
      schedule: {},
      sequence: { steps: [] },
      createdAt: at,
      updatedAt: at,
    },
  });
  const campaignLead = await db.campaignLead.create({
    data: {
      workspaceId: workspace.id,
      campaignId: campaign.id,
      leadId: lead.id,
      emailAccountId: mailbox.id,
      emailContacted: true,
      status: options.campaignLeadStatus ?? "running",
      currentStepId: "step_2",
      currentStepType: "email",
      createdAt: at,
      updatedAt: at,
    },
  });
  const trackingToken = randomToken(24);
  const email = await db.emailMessage.create({
    data: {
      workspaceId: workspace.id,
      mailboxId: mailbox.id,
      leadId: lead.id,
      campaignLeadId: campaignLead.id,
      campaignId: campaign.id,
      stepId: "step_1",
      variantId: "a",
      direction: "outbound",
      source: "campaign",
      status: "sent",
      messageId: `<m${sequence}.${trackingToken.slice(0, 8)}@acme.example>`,
      threadRootId: `<m${sequence}.${trackingToken.slice(0, 8)}@acme.example>`,
      fromAddress: mailbox.email,
      toAddress: address,
      subject: "A question about your pipeline",
      text: "Hi Ada",
      trackingToken,
      sentAt: options.sentAt === undefined ? new Date(at.getTime() - 60 * 60 * 1000) : options.sentAt,
      createdAt: at,
      updatedAt: at,
    },
  });
  return { workspace, actor, mailbox, lead, campaign, campaignLead, email, trackingToken, address };
}
