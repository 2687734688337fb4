// Per-lead AI lines against a review's findings, through the real executor on a manual clock: a
// preview never lowers a line waiting for approval and never keeps a lead waiting for a line its copy
// does not use; two writers at once charge a line once; a line inside a spintax choice the lead's
// version leaves out is neither written nor charged; approval turned on catches lines written before;
// a line the model wrote with a link in it takes the fallback; a lead left held with nothing waiting
// is released by the executor's sweep.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import { createOpenAiTextGenerator } from "@/server/providers/ai/openai-text-generator";
import type { TextGenerator } from "@/server/providers/ai/types";
import { setMailProvider } from "@/server/providers/mail";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { ZUpdateCampaignInput } from "@/server/schemas/campaign";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, leadByEmail, recordingMailProvider, setupEmailCampaign } from "@/server/test/email-campaign";
import { startLocalHttpFake, type LocalHttpFake } from "@/server/test/fakes/local-http-fake";
import { AI_REASONS, aiPromptHash } from "../../../domain/sequence/ai-lines";
import { fieldSeed, spinForFilling, copySeed } from "../../../domain/sequence/spintax";
import { approvePendingAiLine } from "../../approvals/approve-pending-ai-line";
import { editPendingAiLine } from "../../approvals/edit-pending-ai-line";
import { listPendingAiLines } from "../../approvals/list-pending-ai-lines";
import { sequenceColumn } from "../campaign-columns";
import { sequenceOf } from "../executor/load-campaign-sequence";
import { previewAiLines } from "../preview-ai-lines";
import { updateCampaign } from "../update-campaign";
import { CLAIM_STALE_MS } from "./write-ai-lines";

const ICEBREAKER = { name: "icebreaker", prompt: "One friendly line about their company" };
const OPENER = { name: "opener", prompt: "One line about their role" };

function sequence(config: Record<string, unknown> = {}): TSequenceInput {
  return {
    steps: [
      {
        id: "first",
        type: "email",
        config: { subject: "Hello", text: "Hi {{firstName}},\n\n{{ai.icebreaker}}\n\nBest", fallbackText: "Hi,\n\nA short note.\n\nBest", aiVariables: [ICEBREAKER, OPENER], ...config },
      },
    ],
  };
}

const ANN = { email: "ann@prospect.example", firstName: "Ann", company: "Acme" };

async function setup(options: { config?: Record<string, unknown>; leads?: Array<{ email: string; firstName?: string; company?: string }> } = {}) {
  const mail = recordingMailProvider();
  const context = await setupEmailCampaign({ sequence: sequence(options.config), leads: options.leads ?? [ANN] });
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: 10 } });
  return { mail, ...context };
}

const drive = (clock: ManualClock, hours: number) => driveCampaigns(clock, new Date(clock.now().getTime() + hours * HOUR));
const debits = async (workspaceId: string) => (await db.aiCreditLedgerEntry.findMany({ where: { workspaceId } })).reduce((sum, entry) => sum - entry.amount, 0);

/** Changes the step's config as the editor would save it (a new prompt, approval turned on). */
async function changeStep(campaignId: string, patch: Record<string, unknown>) {
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: campaignId } });
  const wired = sequenceOf(campaign);
  const steps = wired.steps.map((step) => (step.id === "first" ? { ...step, config: { ...step.config, ...patch } } : step));
  await db.campaign.update({ where: { id: campaignId }, data: { sequence: sequenceColumn({ ...wired, steps }) } });
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

describe("a preview and the approvals queue", () => {
  it("writes only the line the lead's e-mail uses, so approving it sends the e-mail", async () => {
    const { mail, clock, actor, workspace, campaign } = await setup({ config: { aiApproval: "required" } });
    const preview = await previewAiLines(actor, campaign.id, "first");
    expect(preview.leads[0]!.lines.map((line) => line.name)).toEqual(["icebreaker"]);
    expect(preview.creditsSpent).toBe(1);
    expect(await db.aiLine.findMany({ where: { campaignId: campaign.id } })).toEqual([expect.objectContaining({ name: "icebreaker", status: "pending-approval" })]);
    await drive(clock, 24);
    const queue = await listPendingAiLines(actor);
    expect(queue.data.map((line) => line.name)).toEqual(["icebreaker"]);
    await approvePendingAiLine(actor, queue.data[0]!.id);
    await drive(clock, 48);
    expect(mail.sent).toHaveLength(1);
    expect(await debits(workspace.id)).toBe(1);
  });

  it("after a prompt change leaves a held lead's line waiting, and the lead goes out once it is decided", async () => {
    const { mail, clock, actor, campaign } = await setup({ config: { aiApproval: "required" } });
    await drive(clock, 24);
    expect(await leadByEmail(campaign.id, ANN.email)).toMatchObject({ phase: "approval" });
    await changeStep(campaign.id, { aiVariables: [{ ...ICEBREAKER, prompt: "One line about their latest news" }, OPENER] });
    const preview = await previewAiLines(actor, campaign.id, "first");
    expect(preview.creditsSpent).toBe(0);
    expect(await db.aiLine.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "pending-approval", prompt: ICEBREAKER.prompt });
    // The line of the old prompt, approved: the lead is released, its new line written and held for approval.
    await approvePendingAiLine(actor, (await listPendingAiLines(actor)).data[0]!.id);
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(0);
    const [fresh] = (await listPendingAiLines(actor)).data;
    expect(fresh).toMatchObject({ prompt: "One line about their latest news", status: "pending-approval" });
    await approvePendingAiLine(actor, fresh!.id);
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(1);
  });

  it("releases, at the next pass, a lead held with no line left waiting", async () => {
    const { mail, clock, campaign } = await setup({ config: { aiApproval: "required" } });
    await drive(clock, 24);
    // As an older preview or a decision racing the hold left it: the held lead's line settled, the lead not released.
    await db.aiLine.updateMany({ where: { campaignId: campaign.id }, data: { status: "approved" } });
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(1);
  });

  it("when the editor turns approval off, a held lead goes out with its line as written; a changed prompt writes the line anew", async () => {
    const { mail, clock, actor, campaign } = await setup({ config: { aiApproval: "required" } });
    await drive(clock, 24);
    expect(await leadByEmail(campaign.id, ANN.email)).toMatchObject({ phase: "approval" });
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ sequence: sequence({ aiApproval: "none" }) }));
    expect(await db.aiLine.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "ready" });
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.email.text).not.toContain("A short note.");

    const other = await setup({ config: { aiApproval: "required" }, leads: [{ email: "bo@prospect.example", firstName: "Bo", company: "Acme" }] });
    await drive(other.clock, 24);
    const newPrompt = { ...ICEBREAKER, prompt: "One line about their latest news" };
    await updateCampaign(other.actor, other.campaign.id, ZUpdateCampaignInput.parse({ sequence: sequence({ aiApproval: "required", aiVariables: [newPrompt, OPENER] }) }));
    // The old prompt's line is nobody's to decide now: gone, and the lead's line written again for approval.
    await drive(other.clock, 24);
    expect((await listPendingAiLines(other.actor)).data.map((line) => line.prompt)).toEqual([newPrompt.prompt]);
  });

  it("with approval turned on, holds a line sending wrote before as ready", async () => {
    const { mail, clock, actor, campaign } = await setup();
    await previewAiLines(actor, campaign.id, "first");
    await db.aiLine.updateMany({ where: { campaignId: campaign.id }, data: { preview: false } });
    await changeStep(campaign.id, { aiApproval: "required" });
    await drive(clock, 24);
    expect(mail.sent).toHaveLength(0);
    expect((await listPendingAiLines(actor)).data.map((line) => line.name)).toEqual(["icebreaker"]);
  });

  it("keeps an approver's edit to one line within the step's length", async () => {
    const { clock, actor } = await setup({ config: { aiApproval: "required", aiVariables: [{ ...ICEBREAKER, maxLength: 40 }] } });
    await drive(clock, 24);
    const [pending] = (await listPendingAiLines(actor)).data;
    await expect(editPendingAiLine(actor, pending!.id, { value: "x".repeat(41) })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [expect.objectContaining({ field: "value" })] } });
    expect(await editPendingAiLine(actor, pending!.id, { value: "Nice\n\n  launch!" })).toMatchObject({ value: "Nice launch!" });
  });

  it("previews each lead with its own variant, and skips stopped leads", async () => {
    const leads = Array.from({ length: 6 }, (_, index) => ({ email: `lead${index}@prospect.example`, firstName: `Lead${index}`, company: "Acme" }));
    const variants = [
      { subject: "Hello", text: "Hi,\n\n{{ai.icebreaker}}", fallbackText: "Hi, a short note." },
      { subject: "Hello", text: "Hi,\n\n{{ai.opener}}", fallbackText: "Hi, a short note." },
    ];
    const { actor, campaign } = await setup({ leads, config: { variants, text: undefined, subject: undefined, fallbackText: undefined } });
    const first = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id }, orderBy: { seq: "asc" } });
    await db.campaignLead.update({ where: { id: first.id }, data: { status: "stopped" } });
    const preview = await previewAiLines(actor, campaign.id, "first");
    expect(preview.leads.map((lead) => lead.campaignLeadId)).not.toContain(first.id);
    const wired = sequenceOf(campaign).steps[0]!.config.variants;
    for (const lead of preview.leads) expect(lead.lines.map((line) => line.name)).toEqual([lead.variantId === wired[0]!.id ? "icebreaker" : "opener"]);
    expect(preview.creditsSpent).toBe(preview.leads.length);
    await expect(previewAiLines(actor, campaign.id, "first", { campaignLeadIds: [first.id] })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [expect.objectContaining({ field: "campaignLeadIds" })] } });
  });
});

describe("charging a line once", () => {
  it("charges one credit when two previews write the same line at once", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: TextGenerator = { ...offlineTextGenerator, writeLine: async (input) => (await gate, offlineTextGenerator.writeLine(input)) };
    setTextGenerator(slow);
    const { actor, workspace, campaign } = await setup();
    const both = Promise.all([previewAiLines(actor, campaign.id, "first"), previewAiLines(actor, campaign.id, "first")]);
    setTimeout(release, 300);
    const [one, two] = await both;
    expect(one.creditsSpent + two.creditsSpent).toBe(1);
    expect(await debits(workspace.id)).toBe(1);
    expect(one.leads[0]!.lines[0]!.value).toBe(two.leads[0]!.lines[0]!.value);
  });

  it("takes over a claim a crashed writer left, without charging again", async () => {
    const { clock, actor, workspace, campaign } = await setup();
    await previewAiLines(actor, campaign.id, "first");
    // As a writer that debited, then crashed before storing its line.
    await db.aiLine.updateMany({ where: { campaignId: campaign.id }, data: { status: "writing", value: null } });
    clock.advance(CLAIM_STALE_MS + 1000);
    const again = await previewAiLines(actor, campaign.id, "first");
    expect(again.creditsSpent).toBe(0);
    expect(again.leads[0]!.lines[0]).toMatchObject({ status: "ready", value: expect.any(String) });
    expect(await debits(workspace.id)).toBe(1);
  });
});

describe("a line another writer still holds", () => {
  it("puts the e-mail off until the line is written, never sending the fallback in its place", async () => {
    const { mail, clock, workspace, campaign } = await setup();
    const lead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id } });
    // A preview (or a turn a crash cut short) claimed the line a moment ago and is still writing it.
    const claimedAt = clock.now();
    await db.aiLine.create({
      data: {
        workspaceId: workspace.id, campaignId: campaign.id, campaignLeadId: lead.id, leadId: lead.leadId, stepId: "first", name: ICEBREAKER.name, prompt: ICEBREAKER.prompt,
        promptHash: aiPromptHash(ICEBREAKER), status: "writing", value: null, createdAt: claimedAt, updatedAt: claimedAt,
      },
    });
    await drive(clock, 0.1);
    expect(mail.sent).toHaveLength(0);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ phase: "ready", currentStepId: "first", waitUntil: new Date(claimedAt.getTime() + CLAIM_STALE_MS) });
    // The claim lapses unsettled: the next turn takes it over (paid for already) and sends the line.
    await drive(clock, 1);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.email.text).not.toContain("A short note.");
    expect(await db.campaignLeadStep.findFirstOrThrow({ where: { campaignLeadId: lead.id, stepId: "first" } })).toMatchObject({ detail: null });
  });
});

describe("a line inside a spintax choice", () => {
  it("is written and charged only for the leads whose version of the e-mail has it", async () => {
    const leads = Array.from({ length: 6 }, (_, index) => ({ email: `lead${index}@prospect.example`, firstName: `Lead${index}`, company: "Acme" }));
    const text = "Hi,\n\n{{{ai.icebreaker}}|Hope all is well.}\n\nBest";
    const { mail, clock, workspace, campaign } = await setup({ leads, config: { text } });
    await drive(clock, 48);
    expect(mail.sent).toHaveLength(6);
    const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { aiLines: true, journal: true } });
    for (const row of rows) {
      const spun = spinForFilling(text, fieldSeed(copySeed(row.id, "first", row.journal[0]!.variantId!), "body")).text;
      expect(row.aiLines.map((line) => line.name)).toEqual(spun.includes("ai.icebreaker") ? ["icebreaker"] : []);
    }
    expect(await debits(workspace.id)).toBe(rows.filter((row) => row.aiLines.length).length);
  });
});

describe("a line with a link in it", () => {
  it("is refused: the fallback goes out with the reason and the credit is given back", async () => {
    openai.handle(() => ({
      body: { id: "chatcmpl-1", object: "chat.completion", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, message: { role: "assistant", content: "Claim your prize at www.evil.example today" }, finish_reason: "stop" }] },
    }));
    setTextGenerator(createOpenAiTextGenerator({ baseUrl: openai.url, apiKey: "sk-test", model: "gpt-4o-mini" }));
    const { mail, clock, workspace, campaign } = await setup();
    await drive(clock, 24);
    expect(mail.sent[0]!.email.text).toContain("A short note.");
    expect(mail.sent[0]!.email.text).not.toContain("evil");
    expect(await db.aiLine.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "failed", reason: AI_REASONS.link, value: null });
    expect((await leadByEmail(campaign.id, ANN.email)).journal[0]!.detail).toContain(AI_REASONS.link);
    expect(await debits(workspace.id)).toBe(0);
  });
});
