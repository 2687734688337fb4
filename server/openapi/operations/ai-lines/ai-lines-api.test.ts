// AI lines over the API with an API key: the sequence refuses an undeclared {{ai.…}} with a 400
// naming the field; the step preview writes lines for sample leads (charged once: a second preview
// and the sending reuse them), refuses a step without lines and leads of another campaign with 400s
// naming the field; and the approvals queue's lines are listed, approved and rejected.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setTextGenerator } from "@/server/providers/ai";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

afterEach(() => setTextGenerator(undefined));

const LINE = { name: "icebreaker", prompt: "One friendly line about their company" };
const SEQUENCE = {
  steps: [
    { id: "hello", type: "email", config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}},\n\n{{ai.icebreaker|Hope all is well.}}", aiVariables: [LINE] } },
    { id: "bye", type: "email", parent: "hello", branch: "no", config: { text: "Any thoughts?" } },
  ],
};

async function campaignWithKey(credits = 10) {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: credits } });
  const { key } = await createTestApiKey(context.actor);
  const created = await callApi("POST", "/campaigns", { key, body: { name: "Lines", sequence: SEQUENCE } });
  expect(created.status).toBe(201);
  const campaignId: string = created.body!.data.id;
  const added = await callApi("POST", `/campaigns/${campaignId}/leads`, {
    key,
    body: {
      leads: [
        { email: "ann@prospect.example", firstName: "Ann", company: "Acme" },
        { email: "bob@prospect.example", firstName: "Bob", company: "Globex" },
        { email: "nobody@prospect.example" },
      ],
    },
  });
  expect(added.status).toBeLessThan(300);
  return { ...context, key, campaignId };
}

describe("AI lines over the API", () => {
  it("refuses copy naming an AI line the step does not declare, naming the field", async () => {
    const { key, campaignId } = await campaignWithKey();
    const bad = await callApi("PATCH", `/campaigns/${campaignId}`, { key, body: { sequence: { steps: [{ id: "hello", type: "email", config: { subject: "Hi", text: "{{ai.opener}}" } }] } } });
    expect(bad.status).toBe(400);
    expect(bad.body!.error.details.fields).toEqual([expect.objectContaining({ field: "sequence.steps.0.config.aiVariables", message: expect.stringContaining("{{ai.opener}}") })]);
    const badName = await callApi("PATCH", `/campaigns/${campaignId}`, { key, body: { sequence: { steps: [{ id: "hello", type: "email", config: { subject: "Hi", text: "x", aiVariables: [{ name: "Ice Breaker", prompt: "x" }] } }] } } });
    expect(badName.status).toBe(400);
    expect(badName.body!.error.details.fields.map((field: { field: string }) => field.field)).toContain("sequence.steps.0.config.aiVariables.0.name");
  });

  it("previews a step's lines for sample leads, charging each line once, and shows the copy they make", async () => {
    const { key, campaignId, workspace } = await campaignWithKey();
    const first = await callApi("POST", `/campaigns/${campaignId}/sequence/hello/ai-preview`, { key, body: {} });
    expect(first.status).toBe(200);
    const preview = first.body!.data;
    expect(preview.creditsSpent).toBe(2);
    expect(preview.leads).toHaveLength(3);
    const [ann, , nobody] = preview.leads;
    expect(ann).toMatchObject({ leadName: "Ann", subject: "Hello Ann", usedFallback: false, lines: [{ name: "icebreaker", status: "ready", reason: null }] });
    expect(ann.lines[0].value).toContain("Acme");
    expect(ann.text).toContain(ann.lines[0].value);
    // Nothing is known of the third lead: no credit, and the inline fallback.
    expect(nobody).toMatchObject({ lines: [{ name: "icebreaker", value: null, status: "failed" }], text: "Hi,\n\nHope all is well." });

    const again = await callApi("POST", `/campaigns/${campaignId}/sequence/hello/ai-preview`, { key, body: { campaignLeadIds: [ann.campaignLeadId] } });
    expect(again.body!.data).toMatchObject({ creditsSpent: 0, leads: [{ campaignLeadId: ann.campaignLeadId, lines: [{ value: ann.lines[0].value }] }] });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(8);
    const charges = await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: workspace.id, reason: "ai-line" } });
    expect(charges).toHaveLength(2);
  });

  it("answers 400 naming the field for a step without lines or leads of another campaign, and 404 for an unknown step", async () => {
    const { key, campaignId } = await campaignWithKey();
    const noLines = await callApi("POST", `/campaigns/${campaignId}/sequence/bye/ai-preview`, { key, body: {} });
    expect(noLines.status).toBe(400);
    expect(noLines.body!.error.details.fields).toEqual([{ field: "stepId", message: "declares no AI lines" }]);
    const stranger = await callApi("POST", `/campaigns/${campaignId}/sequence/hello/ai-preview`, { key, body: { campaignLeadIds: ["cld_elsewhere"] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body!.error.details.fields[0].field).toBe("campaignLeadIds");
    const tooMany = await callApi("POST", `/campaigns/${campaignId}/sequence/hello/ai-preview`, { key, body: { campaignLeadIds: ["a", "b", "c", "d", "e", "f"] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body!.error.details.fields[0].field).toBe("campaignLeadIds");
    const unknown = await callApi("POST", `/campaigns/${campaignId}/sequence/nope/ai-preview`, { key, body: {} });
    expect(unknown.status).toBe(404);
  });

  it("lists lines waiting for approval, approves one edited and rejects another; a decided line is a 409", async () => {
    const { key, campaignId } = await campaignWithKey();
    // A line written for approval, as the executor writes it for a step that asks for approval.
    await db.campaign.update({
      where: { id: campaignId },
      data: { sequence: { steps: [{ id: "hello", type: "email", parent: null, branch: null, config: { subject: "Hi", text: "{{ai.icebreaker}}", aiVariables: [LINE], aiApproval: "required", variants: [{ id: "a", subject: "Hi", text: "{{ai.icebreaker}}" }] } }] } },
    });
    await callApi("POST", `/campaigns/${campaignId}/sequence/hello/ai-preview`, { key, body: {} });
    await db.aiLine.updateMany({ where: { campaignId, status: "ready" }, data: { status: "pending-approval" } });
    // Their leads wait on the step for them, as the executor leaves them.
    const waiting = (await db.aiLine.findMany({ where: { campaignId, status: "pending-approval" } })).map((line) => line.campaignLeadId);
    await db.campaignLead.updateMany({ where: { id: { in: waiting } }, data: { status: "running", phase: "approval", currentStepId: "hello", currentStepType: "email" } });

    const listed = await callApi("GET", "/pending-ai-lines", { key });
    expect(listed.status).toBe(200);
    expect(listed.body!.paging.total).toBe(2);
    const [first, second] = listed.body!.data;
    expect(first).toMatchObject({ name: "icebreaker", status: "pending-approval", campaignName: "Lines", firstName: "Ann", prompt: LINE.prompt });
    const read = await callApi("GET", `/pending-ai-lines/${first.id}`, { key });
    expect(read.body!.data).toMatchObject({ id: first.id, status: "pending-approval" });
    const edited = await callApi("POST", `/pending-ai-lines/${first.id}/edit`, { key, body: { value: "Loved the Acme launch!" } });
    expect(edited.body!.data).toMatchObject({ status: "pending-approval", value: "Loved the Acme launch!" });
    const approved = await callApi("POST", `/pending-ai-lines/${first.id}/approve`, { key, body: { value: "Loved the Acme launch." } });
    expect(approved.body!.data).toMatchObject({ status: "approved", value: "Loved the Acme launch." });
    const emptyEdit = await callApi("POST", `/pending-ai-lines/${second.id}/approve`, { key, body: { value: "  " } });
    expect(emptyEdit.status).toBe(400);
    expect(emptyEdit.body!.error.details.fields[0].field).toBe("value");
    const rejected = await callApi("POST", `/pending-ai-lines/${second.id}/reject`, { key });
    expect(rejected.body!.data).toMatchObject({ status: "rejected" });
    const twice = await callApi("POST", `/pending-ai-lines/${second.id}/reject`, { key });
    expect(twice.status).toBe(409);
    expect(twice.body!.error.message).toBe("This AI line was already rejected.");
    // A decided line leaves the queue; its lead (no line left waiting) is due again.
    expect((await callApi("GET", "/pending-ai-lines", { key })).body!.paging.total).toBe(0);
    expect(await db.campaignLead.count({ where: { campaignId, phase: "approval" } })).toBe(0);
    const elsewhere = await campaignWithKey();
    expect((await callApi("POST", `/pending-ai-lines/${first.id}/approve`, { key: elsewhere.key })).status).toBe(404);
  });
});
