// Per-lead AI lines in e-mail steps, end to end through the real executor on a manual clock: written
// by the offline writer and by an OpenAI-compatible model (a local stand-in answering in OpenAI's
// chat-completions shape), cached (a second look writes nothing), charged, held for approval
// (approve → sent with the line; reject → the fallback), and the fallback with its reason when the
// line cannot be had (no credits, the model failing, nothing known of the lead).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import { createOpenAiTextGenerator } from "@/server/providers/ai/openai-text-generator";
import type { TextGenerator } from "@/server/providers/ai/types";
import { setMailProvider } from "@/server/providers/mail";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, leadByEmail, recordingMailProvider, setupEmailCampaign } from "@/server/test/email-campaign";
import { startLocalHttpFake, type LocalHttpFake } from "@/server/test/fakes/local-http-fake";
import { AI_REASONS } from "../../../domain/sequence/ai-lines";
import { approvePendingAiLine } from "../../approvals/approve-pending-ai-line";
import { listPendingAiLines } from "../../approvals/list-pending-ai-lines";
import { rejectPendingAiLine } from "../../approvals/reject-pending-ai-line";
import { sequenceOf, stepById } from "../executor/load-campaign-sequence";
import { resolveAiLines } from "./resolve-ai-lines";

const LINE = { name: "icebreaker", prompt: "One friendly line about their company" };

function sequence(config: Record<string, unknown> = {}): TSequenceInput {
  return {
    steps: [
      {
        id: "first",
        type: "email",
        config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}},\n\n{{ai.icebreaker}}\n\nBest", fallbackText: "Hi {{firstName|there}},\n\nA short note.\n\nBest", aiVariables: [LINE], ...config },
      },
    ],
  };
}

const ANN = { email: "ann@prospect.example", firstName: "Ann", company: "Acme" };

async function setup(options: { credits?: number; config?: Record<string, unknown>; leads?: Array<{ email: string; firstName?: string; company?: string }> } = {}) {
  const mail = recordingMailProvider();
  const context = await setupEmailCampaign({ sequence: sequence(options.config), leads: options.leads ?? [ANN] });
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: options.credits ?? 10 } });
  return { mail, ...context };
}

const drive = (clock: ManualClock, hours: number) => driveCampaigns(clock, new Date(clock.now().getTime() + hours * HOUR));
const ledger = (workspaceId: string) => db.aiCreditLedgerEntry.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" } });
const balance = async (workspaceId: string) => (await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).aiCreditBalance;

/** The offline writer, counting its lines. */
function countingWriter(): TextGenerator & { calls: number } {
  const writer = { ...offlineTextGenerator, calls: 0, writeLine: async (input: Parameters<TextGenerator["writeLine"]>[0]) => (writer.calls++, offlineTextGenerator.writeLine(input)) };
  return writer;
}

let openai: LocalHttpFake;
beforeAll(async () => {
  openai = await startLocalHttpFake();
});
afterAll(() => openai.close());
afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
  setTextGenerator(undefined);
});

describe("AI lines in an e-mail step", () => {
  it("writes the line once, charges one credit, sends it, and reuses it without writing again", async () => {
    const writer = countingWriter();
    setTextGenerator(writer);
    const { mail, clock, workspace, campaign } = await setup();
    await drive(clock, 24);

    expect(mail.sent).toHaveLength(1);
    const line = await db.aiLine.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(line).toMatchObject({ name: "icebreaker", status: "ready", prompt: LINE.prompt });
    expect(line.value).toContain("Acme");
    expect(mail.sent[0]!.email.text).toContain(line.value!);
    expect(mail.sent[0]!.email.text.startsWith("Hi Ann,")).toBe(true);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["ai-line", -1]]);
    expect(writer.calls).toBe(1);

    // A retry or re-send of the step finds the stored line: nothing written, nothing charged.
    const campaignLead = await leadByEmail(campaign.id, ANN.email);
    const step = stepById(sequenceOf(campaign), "first")!;
    const again = await resolveAiLines({
      owner: { workspaceId: workspace.id, campaignId: campaign.id, campaignLeadId: campaignLead.id, leadId: campaignLead.leadId, stepId: "first", linkedinAccountId: null },
      step,
      variant: step.config.variants[0]!,
      spin: { seed: null },
      source: () => Promise.reject(new Error("must not be read")),
    });
    expect(again).toEqual({ kind: "ready", fields: { "ai.icebreaker": line.value }, fallbacks: [] });
    expect(writer.calls).toBe(1);
    expect(await ledger(workspace.id)).toHaveLength(1);
  });

  it("writes the line with the OpenAI-compatible model", async () => {
    openai.handle(() => ({
      body: { id: "chatcmpl-1", object: "chat.completion", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, message: { role: "assistant", content: "Acme's growth this year caught my eye." }, finish_reason: "stop" }] },
    }));
    setTextGenerator(createOpenAiTextGenerator({ baseUrl: openai.url, apiKey: "sk-test", model: "gpt-4o-mini" }));
    const { mail, clock } = await setup();
    await drive(clock, 24);
    expect(mail.sent[0]!.email.text).toContain("Acme's growth this year caught my eye.");
    const asked = JSON.parse(openai.requests.at(-1)!.body.toString("utf8"));
    expect(asked.messages[1].content).toContain(LINE.prompt);
    expect(asked.messages[1].content).toContain("Company: Acme");
  });

  it("takes the fallback copy with the reason when the workspace's credits ran out", async () => {
    const { mail, clock, campaign } = await setup({ credits: 0 });
    await drive(clock, 24);
    expect(mail.sent[0]!.email.text.startsWith("Hi Ann,\n\nA short note.")).toBe(true);
    expect(await db.aiLine.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "failed", reason: AI_REASONS.noCredits, value: null });
    const lead = await leadByEmail(campaign.id, ANN.email);
    expect(lead.journal[0]).toMatchObject({ status: "done", detail: expect.stringContaining("AI credits ran out") });
  });

  it("takes the fallback when the model fails, refunding the credit", async () => {
    setTextGenerator({ ...offlineTextGenerator, writeLine: () => Promise.reject(new Error("model overloaded")) });
    const { mail, clock, workspace, campaign } = await setup({ credits: 3 });
    await drive(clock, 24);
    expect(mail.sent[0]!.email.text).toContain("A short note.");
    expect(await balance(workspace.id)).toBe(3);
    const lead = await leadByEmail(campaign.id, ANN.email);
    expect(lead.journal[0]!.detail).toContain(AI_REASONS.providerFailed);
  });

  it("uses the inline fallback, free, for a lead nothing is known of", async () => {
    const { mail, clock, workspace } = await setup({ config: { text: "Hello,\n\n{{ai.icebreaker|Hope your week is going well.}}" }, leads: [{ email: "who@prospect.example" }] });
    await drive(clock, 24);
    expect(mail.sent[0]!.email.text.startsWith("Hello,\n\nHope your week is going well.")).toBe(true);
    expect(await ledger(workspace.id)).toEqual([]);
  });
});

describe("AI lines that need approval", () => {
  it("holds the lead until its line is approved, then sends the approved (edited) line", async () => {
    const { mail, clock, actor, campaign } = await setup({ config: { aiApproval: "required" } });
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(0);
    expect(await leadByEmail(campaign.id, ANN.email)).toMatchObject({ phase: "approval" });
    const queue = await listPendingAiLines(actor);
    expect(queue.data).toEqual([expect.objectContaining({ name: "icebreaker", status: "pending-approval", campaignName: "E-mail only", firstName: "Ann", stepLabel: expect.any(String) })]);

    const approved = await approvePendingAiLine(actor, queue.data[0]!.id, { value: "Congrats on the new office in Lyon." });
    expect(approved).toMatchObject({ status: "approved", value: "Congrats on the new office in Lyon." });
    await expect(approvePendingAiLine(actor, queue.data[0]!.id)).rejects.toMatchObject({ code: "already-decided" });
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.email.text).toContain("Congrats on the new office in Lyon.");
  });

  it("sends the fallback once the line is rejected", async () => {
    const { mail, clock, actor, campaign } = await setup({ config: { aiApproval: "required" } });
    await drive(clock, 24);
    const [pending] = (await listPendingAiLines(actor)).data;
    await rejectPendingAiLine(actor, pending!.id);
    await drive(clock, 24);
    expect(mail.sent[0]!.email.text).toContain("A short note.");
    expect((await leadByEmail(campaign.id, ANN.email)).journal[0]!.detail).toContain(AI_REASONS.rejected);
  });
});

