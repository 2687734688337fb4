// The campaign executor's pass: every minute, and at once when something gives it work (a campaign
// activated, leads added, a lead resumed). It reconciles interrupted steps, resolves due waits and
// finds the senders and mailboxes with due work (prepareExecutorPass), then sends one
// `herald/sender-turn.due` event per sender and one `herald/mailbox-turn.due` per mailbox;
// take-sender-turn.ts and take-mailbox-turn.ts take each turn, so that with an Inngest server
// several Herald processes share the turns. Passes never overlap: concurrency 1.
import { cron } from "inngest";
import { prepareExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { inngest } from "../client";
import { campaignsKicked, mailboxTurnDue, senderTurnDue } from "../events";

/** Turn events per sendEvent step, well inside an Inngest server's request size. */
export const TURNS_PER_SEND = 500;

export const runCampaignExecutor = inngest.createFunction(
  {
    id: "run-campaign-executor",
    name: "Run the campaign executor",
    triggers: [cron("* * * * *"), campaignsKicked],
    concurrency: { limit: 1 },
    retries: 2,
  },
  async ({ step }) => {
    const pass = await step.run("prepare", async () => {
      const prepared = await prepareExecutorPass();
      return { ...prepared, at: prepared.at.toISOString() };
    });
    for (let start = 0; start < pass.senderIds.length; start += TURNS_PER_SEND) {
      const senderIds = pass.senderIds.slice(start, start + TURNS_PER_SEND);
      await step.sendEvent(
        `sender-turns-${start / TURNS_PER_SEND}`,
        senderIds.map((senderId) => senderTurnDue.create({ senderId, at: pass.at }, { id: `sender-turn-${senderId}-${pass.at}` })),
      );
    }
    for (let start = 0; start < pass.mailboxIds.length; start += TURNS_PER_SEND) {
      const mailboxIds = pass.mailboxIds.slice(start, start + TURNS_PER_SEND);
      await step.sendEvent(
        `mailbox-turns-${start / TURNS_PER_SEND}`,
        mailboxIds.map((mailboxId) => mailboxTurnDue.create({ mailboxId, at: pass.at }, { id: `mailbox-turn-${mailboxId}-${pass.at}` })),
      );
    }
    return { reconciled: pass.reconciled, resolved: pass.resolved, at: pass.at, turns: pass.senderIds.length, mailboxTurns: pass.mailboxIds.length };
  },
);
