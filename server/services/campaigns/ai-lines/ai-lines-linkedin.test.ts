// Per-lead AI lines in a LinkedIn message, on the sandbox network through the real executor: the line
// is written from the lead's profile and latest post (read through the sender) and sent in the
// message; with approval on, the lead waits until its line is approved.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { drive, prospects, restoreProvidersAfterEach, setup } from "@/server/test/drafted-steps";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import { NOTE_TOO_LONG } from "../../../domain/sequence/ai-lines";
import { approvePendingAiLine } from "../../approvals/approve-pending-ai-line";
import { listPendingAiLines } from "../../approvals/list-pending-ai-lines";

restoreProvidersAfterEach();

function sequence(aiApproval?: "required"): TSequenceInput {
  return {
    steps: [
      {
        type: "message",
        config: {
          text: "Hi {{firstName}}, {{ai.icebreaker}} Would you be open to a chat?",
          fallbackText: "Hi {{firstName|there}}, would you be open to a chat?",
          aiVariables: [{ name: "icebreaker", prompt: "One friendly line about their latest post" }],
          ...(aiApproval ? { aiApproval } : {}),
        },
      },
    ],
  };
}

describe("AI lines in a LinkedIn message", () => {
  it("writes the line from the lead's latest post and sends it in the message", async () => {
    const [prospect] = await prospects(1, 0, true);
    const { clock, campaign, memberOfSender, leadOf } = await setup({ label: "ailines-message", sequence: sequence(), prospects: [prospect!], credits: 5, connected: true });
    await drive(clock, 24);
    const line = await db.aiLine.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(line.status).toBe("ready");
    // The offline writer's line about the post it read through the sender.
    expect(line.value).toMatch(/post on /);
    const [message] = await db.sandboxMessage.findMany({ where: { fromMemberId: memberOfSender } });
    expect(message!.text).toContain(line.value!);
    expect((await leadOf(prospect!)).status).not.toBe("failed");
  });

  it("holds the lead until its line is approved, then sends the message with it", async () => {
    const [prospect] = await prospects(1, 3, true);
    const { clock, actor, memberOfSender } = await setup({ label: "ailines-approval", sequence: sequence("required"), prospects: [prospect!], credits: 5, connected: true });
    await drive(clock, 24);
    expect(await db.sandboxMessage.count({ where: { fromMemberId: memberOfSender } })).toBe(0);
    const [pending] = (await listPendingAiLines(actor)).data;
    expect(pending).toMatchObject({ name: "icebreaker", status: "pending-approval" });
    await approvePendingAiLine(actor, pending!.id, { value: "Your post on the launch was a great read." });
    await drive(clock, 24);
    const [message] = await db.sandboxMessage.findMany({ where: { fromMemberId: memberOfSender } });
    expect(message!.text).toContain("Your post on the launch was a great read.");
  });

  it("sends the fallback note, saying why, when the connection note with its line runs past LinkedIn's 300 characters", async () => {
    setTextGenerator({ ...offlineTextGenerator, writeLine: async () => "A long line about the launch. ".repeat(10).trim() });
    const [prospect] = await prospects(1, 0, true);
    const invite: TSequenceInput = {
      steps: [
        {
          type: "invite",
          config: {
            note: "Hi {{firstName}}, {{ai.icebreaker}} Shall we connect?",
            fallbackNote: "Hi {{firstName|there}}, shall we connect?",
            aiVariables: [{ name: "icebreaker", prompt: "One friendly line about their latest post" }],
          },
        },
      ],
    };
    const { clock, campaign, sender, memberOfSender, leadOf } = await setup({ label: "ailines-note", sequence: invite, prospects: [prospect!], credits: 5 });
    // A Premium sender, on LinkedIn and in Herald: only Premium members add a note.
    await db.linkedinAccount.update({ where: { id: sender }, data: { isPremium: true } });
    await db.sandboxMember.update({ where: { id: memberOfSender }, data: { isPremium: true } });
    await drive(clock, 24);
    const [invitation] = await db.sandboxInvitation.findMany({ where: { fromMemberId: memberOfSender } });
    expect(invitation!.note).toMatch(/^Hi .+, shall we connect\?$/);
    const lead = await leadOf(prospect!);
    expect(lead.status).not.toBe("failed");
    const journal = await db.campaignLeadStep.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(journal.detail).toContain(NOTE_TOO_LONG);
  });
});
