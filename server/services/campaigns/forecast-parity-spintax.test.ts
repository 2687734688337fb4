// The campaign forecast against the real executor for e-mails whose copy has spintax: each lead gets
// its own version (seeded by lead, step, variant and field), a link sits in some versions of the
// body only, and recipients who click do so only when their version has one; so the forecast must
// judge links on the lead's version, as the executor sends it, for the click condition to agree lead
// by lead. And what each lead was sent is what the sequence editor's preview shows for that lead.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import type { TSequenceInput, WiredSequence } from "@/server/schemas/sequence";
import { ZCreateCampaignInput, ZListCampaignLeadsQuery } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { mergeFieldsOf, previewForLead } from "@/components/sequence-editor/email-preview";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { getCampaign } from "./get-campaign";
import { listCampaignLeads } from "./list-campaign-leads";
import { updateCampaign } from "./update-campaign";

const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("the forecast against the executor for e-mails with spintax, lead by lead", () => {
  it("k. a link in some versions of the body only: clicks, the click condition and the follow-ups agree, and each sent e-mail is its lead's preview", async () => {
    const { clock, actor, workspace } = await world("spun", "2026-06-07T10:00:00Z", []);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Spun", email: "spun@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 30, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        {
          id: "hello",
          type: "email",
          nextDelayHours: 2,
          config: {
            subject: "{Quick|Short} {idea|question} for {{company|your team}}",
            text: "{Hi|Hello|Hey} {{firstName|there}},\n\n{Our offer: https://example.com/offer|Just a short note, {really |}no links.}",
          },
        },
        { id: "clicked", type: "if_email_clicked", parent: "hello", config: { emailStepId: "hello", windowHours: 24 } },
        { id: "thanks", type: "email", parent: "clicked", branch: "yes", config: { text: "{Glad|Happy} you had a look, {{firstName|there}}." } },
        { id: "again", type: "email", parent: "clicked", branch: "no", config: { text: "{Any thoughts|Still interested}? \\{no pressure\\}" } },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: "Spun", emailAccountIds: [box.id], sequence, schedule: SCHEDULE, tracking: { opens: "on", clicks: "on" } }),
    );
    // Recipients of the sandbox network who always click a link when their e-mail has one; some with a company and a first name.
    const leads = Array.from({ length: 16 }, (_, index) => ({
      email: `clicker-spin-${index}@spun.example`,
      ...(index % 2 === 0 ? { company: `Company ${index}`, firstName: `Reader${index}` } : {}),
    }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: both kinds of body went out, the clickers clicked only the
    // versions with a link, and both branches of the click condition were taken.
    const sent = await db.emailMessage.findMany({ where: { campaignId: campaign.id, status: "sent" }, orderBy: { createdAt: "asc" } });
    const firsts = sent.filter((email) => email.stepId === "hello");
    expect(firsts).toHaveLength(leads.length);
    const linked = firsts.filter((email) => email.text.includes("https://example.com/offer"));
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.length).toBeLessThan(firsts.length);
    expect(firsts.every((email) => Boolean(email.clickedAt) === email.text.includes("https://example.com/offer"))).toBe(true);
    expect(new Set(firsts.map((email) => email.subject)).size).toBeGreaterThan(2);
    expect(sent.some((email) => email.stepId === "thanks")).toBe(true);
    expect(sent.some((email) => email.stepId === "again")).toBe(true);
    expect(sent.filter((email) => email.stepId === "again").every((email) => email.text.includes("{no pressure}"))).toBe(true);
    await expectParity(forecast, before);

    // Each e-mail as sent is the editor's preview of its step for its lead (before tracking and the unsubscribe line).
    const wired: WiredSequence = (await getCampaign(actor, campaign.id)).sequence;
    const { leads: campaignLeads } = await listCampaignLeads(actor, campaign.id, ZListCampaignLeadsQuery.parse({ limit: 100 }));
    const first = wired.steps.find((step) => step.id === "hello")!;
    for (const email of sent) {
      const step = wired.steps.find((candidate) => candidate.id === email.stepId)!;
      const lead = campaignLeads.find((candidate) => candidate.id === email.campaignLeadId)!;
      const preview = previewForLead({
        stepId: step.id,
        variant: step.config.variants.find((variant) => variant.id === email.variantId)!,
        threadOf: step.id === "hello" ? null : { ...first.config.variants[0]!, stepId: first.id, variantId: first.config.variants[0]!.id },
        leadKey: lead.id,
        fields: mergeFieldsOf(lead),
        signature: null,
        shift: 0,
      });
      expect({ subject: email.subject, text: email.text.slice(0, preview.text.length) }).toEqual({ subject: preview.subject, text: preview.text });
    }
  }, 180_000);
});
