// Issue 37's performance goal: the do-not-contact check adds no query per lead to a sender or a
// mailbox turn. A sender turn's candidates come with their refusing entry in the candidates' own
// statement; a mailbox turn's batch reads the list and the stored verifications in one query each.
// Counted through pg's Client#query (server/test/statement-counter.ts), with more leads and more
// of them listed, the count does not move.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { countStatements } from "@/server/test/statement-counter";
import { doNotContactRefusal } from "../../../domain/do-not-contact/entries";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZLeadsInput } from "../../../schemas/lead";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { addToDoNotContactList } from "../../do-not-contact/add-do-not-contact-entries";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { updateCampaign } from "../update-campaign";
import { readEmailFacts } from "./read-email-facts";
import { readTurnCandidates } from "./read-turn-candidates";
import { takeSenderTurn } from "./take-sender-turn";

afterEach(() => setClock(systemClock));

const SCHEDULE = { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] };

async function campaignOf(leadCount: number, listedCount: number) {
  setClock(new ManualClock("2026-03-02T09:00:00Z"));
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `dnc-${leadCount}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: "x" }), { via: "api" });
  const senderId = account.account.id;
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: `Listed ${leadCount}`,
    linkedinAccountIds: [senderId],
    sequence: { steps: [{ id: "visit", type: "visit_profile" }] },
    schedule: SCHEDULE,
  }));
  const prospects = sandboxDirectory().slice(0, leadCount);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({
    leads: prospects.map((prospect, index) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), email: `p${index}@firm${index}.example`, company: `Company ${index}` })),
  }));
  // The first leads are listed: by LinkedIn profile, by domain, by company, in turn.
  const entries = prospects.slice(0, listedCount).map((prospect, index) =>
    index % 3 === 0 ? { kind: "linkedin" as const, value: prospect.publicIdentifier, reason: "manual" as const }
    : index % 3 === 1 ? { kind: "domain" as const, value: `firm${index}.example`, reason: "manual" as const }
    : { kind: "company" as const, value: `Company ${index}`, reason: "manual" as const });
  await addToDoNotContactList({ workspaceId: workspace.id, entries, at: now() });
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  return { workspace, campaign, senderId };
}

async function countedCandidates(setup: Awaited<ReturnType<typeof campaignOf>>, take: number) {
  const counter = countStatements();
  const candidates = await readTurnCandidates({ senderId: setup.senderId, campaignIds: [setup.campaign.id], stepTypes: ["visit_profile"], seen: [], at: now(), take });
  return { candidates, statements: counter.stop().statements };
}

it("reads a sender turn's candidates with their do-not-contact entries in one statement, however many are listed", async () => {
  const few = await campaignOf(3, 1);
  const many = await campaignOf(10, 7);
  const small = await countedCandidates(few, 10);
  const large = await countedCandidates(many, 10);
  expect(small.candidates).toHaveLength(3);
  expect(large.candidates).toHaveLength(10);
  expect(small.statements).toBe(1);
  expect(large.statements).toBe(1);
  // The entries found are the right ones, in the refusal's words.
  const listed = large.candidates.filter((candidate) => candidate.listed);
  expect(listed).toHaveLength(7);
  expect(new Set(listed.map((candidate) => candidate.listed!.kind))).toEqual(new Set(["linkedin", "domain", "company"]));
  expect(listed.find((candidate) => candidate.lead.email === "p1@firm1.example")?.listed).toEqual({ kind: "domain", value: "firm1.example" });
  expect(listed.find((candidate) => candidate.lead.company === "Company 2")?.listed).toEqual({ kind: "company", value: "company 2" });
});

it("reads a mailbox batch's list and verifications in the same two queries for 3 leads as for 10", async () => {
  const few = await campaignOf(3, 1);
  const many = await campaignOf(10, 7);
  const batchOf = (campaignId: string) => db.campaignLead.findMany({ where: { campaignId }, include: { lead: true } });
  const [small, large] = [await batchOf(few.campaign.id), await batchOf(many.campaign.id)];
  let counter = countStatements();
  await readEmailFacts(small);
  const smallCount = counter.stop().statements;
  counter = countStatements();
  const facts = await readEmailFacts(large);
  const largeCount = counter.stop().statements;
  expect(smallCount).toBe(2);
  expect(largeCount).toBe(2);
  expect([...facts.values()].filter((fact) => fact.listed)).toHaveLength(7);
});

it("fails a listed lead at its step with the reason, without using the sender's turn, and acts on the next one", async () => {
  const { campaign, senderId } = await campaignOf(3, 1);
  expect(await takeSenderTurn(senderId, now())).toBe(true);
  const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true, journal: true }, orderBy: { seq: "asc" } });
  const refusal = doNotContactRefusal({ kind: "linkedin", value: rows[0]!.lead.publicIdentifier });
  expect(rows[0]).toMatchObject({ status: "failed", error: refusal });
  expect(rows[0]!.journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["visit", "failed", refusal]]);
  expect(rows[1]!.journal.map((entry) => [entry.stepId, entry.status])).toEqual([["visit", "done"]]);
  expect(await db.senderAction.count({ where: { accountId: senderId } })).toBe(1);
});
