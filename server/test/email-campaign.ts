// Test support for e-mail campaigns run through the real executor on a manual clock: a mail provider
// that records what it is handed (and can be made to fail or answer), and a workspace with
// mailboxes and an active e-mail campaign with its leads.
import { db } from "../db/client";
import { ManualClock, now, setClock } from "../lib/clock";
import { setMailProvider } from "../providers/mail";
import type { MailboxHandle, MailProvider, OutgoingEmail } from "../providers/mail/types";
import type { TSequenceInput } from "../schemas/sequence";
import { ZCreateCampaignInput } from "../schemas/campaign";
import { ZLeadsInput } from "../schemas/lead";
import { addCampaignLeads } from "../services/campaigns/add-campaign-leads";
import { assignCampaignMailboxes } from "../services/campaigns/assign-campaign-mailboxes";
import { createCampaign } from "../services/campaigns/create-campaign";
import { createTestWorkspace } from "./factories";

export const START = "2026-03-02T08:00:00Z"; // a Monday, 09:00 in Paris
export const HOUR = 3_600_000;

/** A mail provider that records what it is handed; `send` and `findSent` can be made to fail or answer. */
export function recordingMailProvider() {
  const sent: Array<{ mailbox: MailboxHandle; email: OutgoingEmail; at: Date }> = [];
  const fake = {
    sent,
    send: async (mailbox: MailboxHandle, email: OutgoingEmail) => {
      sent.push({ mailbox, email, at: now() });
      return { messageId: email.messageId, acceptedAt: now().toISOString(), response: "250 OK" };
    },
    findSent: async (): Promise<boolean | null> => null,
  };
  const provider: MailProvider = {
    name: "sandbox",
    verify: async () => {},
    send: (mailbox, email) => fake.send(mailbox, email),
    findSent: () => fake.findSent(),
    fetchIncoming: async () => ({ messages: [], cursor: null }),
  };
  setMailProvider("sandbox", provider);
  return fake;
}

export const THREE_EMAILS: TSequenceInput = {
  steps: [
    { id: "first", type: "email", config: { subject: "Quick question, {{firstName}}", text: "Hi {{firstName}},\n\nDo you have a minute for {{company}}?", fallbackText: "Hi there,\n\nDo you have a minute?" }, nextDelayHours: 48 },
    { id: "bump", type: "email", parent: "first", config: { subject: "ignored in a thread", html: "<p>Just bumping this, <b>{{firstName}}</b>.</p>" }, nextDelayHours: 48 },
    { id: "last", type: "email", parent: "bump", config: { subject: "Last one", text: "Closing the loop." }, nextDelayHours: 24 },
  ],
};

export async function setupEmailCampaign(options: {
  sequence: TSequenceInput;
  leads: Array<{ email?: string; firstName?: string; company?: string; profileUrl?: string }>;
  mailboxes?: number;
  dailyLimit?: number;
  signature?: string;
}) {
  const clock = new ManualClock(START);
  setClock(clock);
  // The tests of this file share a database, and a pass runs every active campaign: only this test's runs.
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  const { actor, workspace } = await createTestWorkspace();
  const mailboxIds: string[] = [];
  for (let index = 0; index < (options.mailboxes ?? 1); index++) {
    const mailbox = await db.mailbox.create({
      data: {
        workspaceId: workspace.id,
        label: `Rep ${index}`,
        email: `rep${index}@sender.example`,
        fromName: `Rep ${index}`,
        provider: "sandbox",
        authType: "sandbox",
        connectedVia: "api",
        dailyLimit: options.dailyLimit ?? 50,
        signature: options.signature ?? null,
        timezone: "Europe/Paris",
        createdAt: now(),
        updatedAt: now(),
      },
    });
    mailboxIds.push(mailbox.id);
  }
  const created = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "E-mail only",
      sequence: options.sequence,
      // The unsubscribe line is on by default; these bodies are compared without it (its own test turns it on).
      unsubscribe: { enabled: false },
      schedule: { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, created.id, ZLeadsInput.parse({ leads: options.leads }));
  // Activation's own rules for e-mail campaigns are another part's; here the campaign simply runs with its mailboxes.
  const campaign = await db.campaign.update({ where: { id: created.id }, data: { status: "active", emailAccountIds: mailboxIds } });
  await db.$transaction((tx) => assignCampaignMailboxes(tx, campaign));
  return { clock, actor, workspace, campaign, mailboxIds };
}

export async function leadByEmail(campaignId: string, email: string) {
  return db.campaignLead.findFirstOrThrow({ where: { campaignId, lead: { email } }, include: { journal: { orderBy: { startedAt: "asc" } } } });
}
