// Spintax on LinkedIn through the real executor on the sandbox network: each lead's connection note
// and message are the version its own seed picks (lead, step, variant and field), placeholders filled
// in it, so different leads get different versions and a lead's copy is what the rule says for it.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { renderCopy } from "@/server/domain/sequence/render-copy";
import { copySeed, fieldSeed } from "@/server/domain/sequence/spintax";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { connectSender } from "@/server/services/senders/connect-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace } from "@/server/test/factories";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { ZLeadsInput } from "../../../schemas/lead";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { mergeFields } from "../lead-merge-fields";
import { updateCampaign } from "../update-campaign";

afterEach(() => setClock(systemClock));

const NOTE = "{Hi|Hello|Hey} {{firstName|there}}, {glad to connect|happy to link up}.";
const NOTE_FALLBACK = "{Hi|Hello} there";
const MESSAGE = "{Thanks|Thank you} for connecting{, {{firstName}}|}! \\{no pitch\\}";

describe("spintax in LinkedIn copy", () => {
  it("sends each lead the version of the note and the message its seed picks", async () => {
    const clock = new ManualClock("2026-03-02T06:00:00Z");
    setClock(clock);
    await ensureSandboxDirectory();
    const { actor } = await createTestWorkspace();
    const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: "spin-rep+premium@example.com", password: "x" }), { via: "api" });
    const sequence: TSequenceInput = {
      steps: [
        { id: "invite", type: "invite", config: { note: NOTE, fallbackNote: NOTE_FALLBACK }, branchDelays: { yes: 1, no: 96 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: MESSAGE } },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({
        name: "Spun",
        linkedinAccountIds: [sender.account.id],
        sequence,
        schedule: { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
      }),
    );
    const prospects = sandboxDirectory().slice(40, 70);
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
    await driveCampaigns(clock, new Date("2026-03-20T06:00:00Z"));

    const leads = new Map((await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true } })).map((row) => [row.id, row]));
    const actions = await db.senderAction.findMany({ where: { campaignLeadId: { in: [...leads.keys()] }, status: { not: "failed" } } });
    const invitations = actions.filter((action) => action.type === "invitation");
    const messages = actions.filter((action) => action.type === "message");
    expect(invitations.length).toBeGreaterThan(10);
    expect(messages.length).toBeGreaterThan(2);

    for (const invitation of invitations) {
      const row = leads.get(invitation.campaignLeadId!)!;
      const seed = copySeed(row.id, "invite", invitation.variantId ?? "a");
      expect(invitation.note).toBe(renderCopy(NOTE, NOTE_FALLBACK, mergeFields(row.lead, row), fieldSeed(seed, "note")).text);
    }
    expect(new Set(invitations.map((invitation) => invitation.note?.split(" ")[0])).size).toBeGreaterThan(1);

    const sent = await db.sandboxMessage.findMany({ where: { chatId: { in: messages.map((message) => message.chatId!) } } });
    for (const message of messages) {
      const row = leads.get(message.campaignLeadId!)!;
      const text = sent.find((candidate) => candidate.chatId === message.chatId)!.text;
      expect(text).toBe(renderCopy(MESSAGE, undefined, mergeFields(row.lead, row), fieldSeed(copySeed(row.id, "thanks", "a"), "text")).text);
      expect(text).toMatch(/^(Thanks|Thank you) for connecting(, \S+)?! \{no pitch\}$/);
    }
  }, 120_000);
});
