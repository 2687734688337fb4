// A sender's turn costs a known, small number of round trips, the sandbox network's included, and
// however many leads and actions the workspace holds (issue 19: at most 10 queries per action;
// issue 33: at most 8 round trips, transaction control included, once the reservation with the
// lead's start and the success record, a message's inbox copy and message.sent included, became
// single statements).
// Counted through pg's Client#query (server/test/statement-counter.ts), as the benchmark counts.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { countStatements } from "@/server/test/statement-counter";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { updateCampaign } from "../update-campaign";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { ZLeadsInput } from "../../../schemas/lead";
import { prepareExecutorPass } from "./run-executor-pass";
import { takeSenderTurn } from "./take-sender-turn";

afterEach(() => setClock(systemClock));

/** The goal of issue 33 for one action: round trips, BEGIN and COMMIT included, the sandbox network's too. */
const ROUND_TRIPS_PER_ACTION = 8;

/** Takes the sender's turn, which must act, within the goal (SHOW_TURN_QUERIES=1 prints the statements). */
async function expectActionWithinGoal(senderId: string, at: Date): Promise<void> {
  const counter = countStatements();
  const acted = await takeSenderTurn(senderId, at);
  const count = counter.stop();
  expect(acted).toBe(true);
  if (process.env.SHOW_TURN_QUERIES) console.log(count.queries, count.transactions, count.texts.map((text) => text.slice(0, 160)).join("\n"));
  expect(count.statements).toBeLessThanOrEqual(ROUND_TRIPS_PER_ACTION);
  // The reservation and the success record are statements of their own, no transaction around them.
  expect(count.transactions).toBe(0);
}

it("takes an action in at most 8 round trips, the sandbox network's included, and keeps it so on the next day", async () => {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const senders: string[] = [];
  for (const name of ["count-a", "count-b"]) {
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}@example.com`, password: "x" }), { via: "api" });
    senders.push(account.account.id);
  }
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Counted",
    linkedinAccountIds: senders,
    sequence: { steps: [{ id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } }, { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks!" } }] },
    schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
  }));
  const prospects = sandboxDirectory().slice(0, 40);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));

  for (const day of [0, 1]) {
    clock.set(new Date(Date.parse("2026-03-02T09:00:00Z") + day * 86_400_000));
    const { at, senderIds } = await prepareExecutorPass();
    expect(senderIds.sort()).toEqual([...senders].sort());
    for (const senderId of senderIds) await expectActionWithinGoal(senderId, at);
  }
  const actions = await db.senderAction.count({ where: { accountId: { in: senders }, type: "invitation", status: "pending" } });
  expect(actions).toBe(4);
});

it("sends an InMail in at most 8 round trips too: the message stored in the inbox and message.sent in the outbox with it", async () => {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: "count-inmail@example.com", password: "x" }), { via: "api" });
  const senderId = account.account.id;
  await db.linkedinAccount.update({ where: { id: senderId }, data: { inmailBalance: 50 } });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Counted InMails",
    linkedinAccountIds: [senderId],
    sequence: { steps: [{ id: "inmail", type: "inmail", config: { subject: "Hello", text: "Hi {{firstName}}" } }] },
    schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
  }));
  // Open profiles: their InMails need no credit, which the sandbox network gives a new sender none of.
  const prospects = sandboxDirectory().filter((prospect) => prospect.openProfile).slice(0, 5);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));

  const { at, senderIds } = await prepareExecutorPass();
  expect(senderIds).toEqual([senderId]);
  await expectActionWithinGoal(senderId, at);
  const messages = await db.linkedinMessage.findMany({ where: { accountId: senderId, source: "campaign", direction: "outbound" } });
  expect(messages).toHaveLength(1);
  const events = await outboxEvents(workspace.id, "message.sent");
  expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ source: "campaign", accountId: senderId, chatId: messages[0]!.chatId, campaignId: campaign.id })]);
  expect(await db.campaignLead.count({ where: { campaignId: campaign.id, phase: "waiting", contacted: true } })).toBe(1);
});
