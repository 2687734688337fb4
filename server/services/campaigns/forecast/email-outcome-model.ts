// What the forecast says recipients do with e-mails (opens and clicks, replies, bounces, spam
// complaints): each mailbox's provider when it can tell (the sandbox mail network's deterministic
// model, planOutcome), else rates from the workspace's last 90 days of campaign e-mails, or defaults.
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { getMailProvider } from "../../../providers/mail";
import type { MailProvider, MailProviderName } from "../../../providers/mail/types";
import { DEFAULT_EMAIL_RATES, ratesEmailOutcomes, type EmailRates } from "./rates-outcome-model";
import type { EmailOutcomeModel } from "./simulation-types";

const MIN_HISTORY = 20;

async function historicalEmailRates(workspaceId: string, since: Date): Promise<{ rates: EmailRates; fromHistory: boolean }> {
  const sent = { workspaceId, direction: "outbound", source: "campaign", status: { in: ["sent", "bounced"] }, sentAt: { gte: since } };
  const [count, opened, clicked, replied, hard, soft, complained] = await Promise.all([
    db.emailMessage.count({ where: sent }),
    db.emailMessage.count({ where: { ...sent, openedAt: { not: null } } }),
    db.emailMessage.count({ where: { ...sent, clickedAt: { not: null } } }),
    db.emailMessage.count({ where: { workspaceId, direction: "inbound", kind: "reply", campaignLeadId: { not: null }, createdAt: { gte: since } } }),
    db.emailMessage.count({ where: { ...sent, bounceKind: "hard" } }),
    db.emailMessage.count({ where: { ...sent, bounceKind: "soft" } }),
    db.emailMessage.count({ where: { ...sent, complainedAt: { not: null } } }),
  ]);
  if (count < MIN_HISTORY) return { rates: DEFAULT_EMAIL_RATES, fromHistory: false };
  const answers = { replyRate: Math.min(1, replied / count), hardBounceRate: hard / count, softBounceRate: soft / count, complaintRate: complained / count };
  // Opens are only seen where they were tracked: too few of them say nothing.
  const seen = opened >= MIN_HISTORY / 4 ? { openRate: opened / count, clickOfOpenedRate: Math.min(1, clicked / opened) } : {};
  return { rates: { ...DEFAULT_EMAIL_RATES, ...answers, ...seen }, fromHistory: true };
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** The model for the forecast's mailboxes (at least one), and the assumption it makes, in plain words. */
export async function emailOutcomeModel(mailboxes: Mailbox[], workspaceId: string, start: Date): Promise<{ model: EmailOutcomeModel; assumption: string }> {
  const planners = new Map<string, NonNullable<MailProvider["planOutcome"]>>();
  for (const mailbox of mailboxes) {
    const provider = await getMailProvider(mailbox.provider as MailProviderName);
    if (provider.planOutcome) planners.set(mailbox.id, provider.planOutcome.bind(provider));
  }
  const fromAddress = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.email]));
  const known = planners.size === mailboxes.length;
  const { rates, fromHistory } = known ? { rates: DEFAULT_EMAIL_RATES, fromHistory: false } : await historicalEmailRates(workspaceId, new Date(start.getTime() - 90 * 86_400_000));
  const drawn = ratesEmailOutcomes(rates);
  const model: EmailOutcomeModel = {
    kind: known ? "provider" : "rates",
    plan(input) {
      const planner = planners.get(input.mailboxId);
      if (!planner) return drawn.plan(input);
      return planner({ fromAddress: fromAddress.get(input.mailboxId) ?? "", toAddress: input.toAddress, nth: input.nth, sentAt: input.sentAt, hasLinks: input.hasLinks });
    },
  };
  const ratesText =
    `${percent(rates.replyRate)} of e-mails answered, ${percent(rates.hardBounceRate)} of addresses bouncing for good and ${percent(rates.softBounceRate)} of e-mails bouncing for now, ` +
    `${percent(rates.complaintRate)} reported as spam, ${percent(rates.openRate)} opened and ${percent(rates.clickOfOpenedRate)} of opened ones with links clicked ` +
    `(${fromHistory ? "this workspace's last 90 days" : "defaults, until the workspace has more e-mail history"}); which leads answer is one plausible draw`;
  const assumption = known
    ? "Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model."
    : planners.size
      ? `Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model for its mailboxes; for the others: ${ratesText}.`
      : `E-mail outcomes: ${ratesText}.`;
  return { model, assumption };
}
