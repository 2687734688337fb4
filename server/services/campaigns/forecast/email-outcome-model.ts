// What the forecast says recipients do with e-mails (opens and clicks): each mailbox's provider
// when it can tell (the sandbox mail network's deterministic model, planOutcome), else open and
// click rates from the workspace's last 90 days of tracked e-mails, or defaults.
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { getMailProvider } from "../../../providers/mail";
import type { MailProvider, MailProviderName } from "../../../providers/mail/types";
import { DEFAULT_EMAIL_RATES, ratesEmailOutcomes, type EmailRates } from "./rates-outcome-model";
import type { EmailOutcomeModel } from "./simulation-types";

const MIN_HISTORY = 20;

async function historicalEmailRates(workspaceId: string, since: Date): Promise<{ rates: EmailRates; fromHistory: boolean }> {
  const sent = { workspaceId, direction: "outbound", source: "campaign", status: "sent", sentAt: { gte: since } };
  const [count, opened, clicked] = await Promise.all([
    db.emailMessage.count({ where: sent }),
    db.emailMessage.count({ where: { ...sent, openedAt: { not: null } } }),
    db.emailMessage.count({ where: { ...sent, clickedAt: { not: null } } }),
  ]);
  // Opens are only seen where they were tracked: too few of them say nothing.
  if (count < MIN_HISTORY || opened < MIN_HISTORY / 4) return { rates: DEFAULT_EMAIL_RATES, fromHistory: false };
  return { rates: { ...DEFAULT_EMAIL_RATES, openRate: opened / count, clickOfOpenedRate: Math.min(1, clicked / opened) }, fromHistory: true };
}

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
      const outcome = planner({ fromAddress: fromAddress.get(input.mailboxId) ?? "", toAddress: input.toAddress, nth: input.nth, sentAt: input.sentAt, hasLinks: input.hasLinks });
      return { openAt: outcome.openAt, clickAt: outcome.clickAt };
    },
  };
  const ratesText = `${Math.round(rates.openRate * 100)}% of e-mails opened and ${Math.round(rates.clickOfOpenedRate * 100)}% of opened ones with links clicked (${fromHistory ? "this workspace's last 90 days" : "defaults, until the workspace has more tracked e-mails"})`;
  const assumption = known
    ? "Tracked opens and clicks follow the sandbox mail network's behaviour model."
    : planners.size
      ? `Tracked opens and clicks follow the sandbox mail network's behaviour model for its mailboxes, and for the others ${ratesText}.`
      : `Tracked opens and clicks: ${ratesText}.`;
  return { model, assumption };
}
