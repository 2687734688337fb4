// Crash safety: the process running the executor is killed with SIGKILL again and again — at
// random moments, and right after the sandbox network accepted an action but before Herald
// recorded it. Restarted each time, it finishes the campaign with nothing sent twice and every
// lead accounted for. The random moments come from a seed the test prints; HERALD_TEST_SEED=<seed>
// replays them (server/test/test-seed.ts).
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { runKillableWorker } from "@/server/test/killable-worker";
import { testRandom } from "@/server/test/test-seed";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { updateCampaign } from "../update-campaign";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { ZLeadsInput } from "../../../schemas/lead";

const START = "2026-03-02T07:55:00Z";
const UNTIL = "2026-03-20T18:00:00Z";
const WORKER = path.resolve("server/test/fixtures/executor-worker.ts");

function runWorker(env: Record<string, string>, killAfterMs: number | null) {
  return runKillableWorker(WORKER, env, killAfterMs);
}

it("sends nothing twice and loses no lead when the executing process is killed repeatedly", async () => {
  const random = testRandom();
  setClock(new ManualClock(START));
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const pool: string[] = [];
  for (const name of ["kill-a", "kill-b", "kill-c"]) {
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}-${random.seed}@example.com`, password: "x" }), { via: "api" });
    pool.push(account.account.id);
  }
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    linkedinAccountIds: pool,
    sequence: {
      steps: [
        { id: "visit", type: "visit_profile" },
        { id: "invite", type: "invite", parent: "visit", config: { withdrawEnabled: true, withdrawDays: 5 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks {{firstName}}!" }, nextDelayHours: 24 },
        { id: "follow", type: "message", parent: "thanks", branch: "no", config: { text: "Following up" } },
      ],
    },
    schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
  }));
  const prospects = sandboxDirectory().slice(60, 84);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  setClock(systemClock);

  const folder = mkdtempSync(path.join(tmpdir(), "herald-crash-"));
  const env = { CLOCK_FILE: path.join(folder, "clock"), CRASH_LOG: path.join(folder, "crashes"), START, UNTIL, CRASH_AFTER_SENDS: "6" };
  const outcomes: string[] = [];
  for (let run = 0; run < 80; run++) {
    // Every run dies right after its sixth action; every other run may be killed from outside first, at a random moment.
    const outcome = await runWorker(env, run % 2 === 0 ? random.int(1500, 4000) : null);
    outcomes.push(outcome);
    if (outcome === "finished") break;
  }
  expect(outcomes.at(-1)).toBe("finished");
  const crashesAfterSend = existsSync(env.CRASH_LOG) ? readFileSync(env.CRASH_LOG, "utf8").trim().split("\n").length : 0;
  expect(crashesAfterSend).toBeGreaterThanOrEqual(3);
  expect(outcomes.filter((outcome) => outcome !== "finished").length).toBeGreaterThanOrEqual(5);

  // Every lead accounted for: at rest, no intent left unreconciled.
  const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true, journal: true } });
  expect(leads).toHaveLength(prospects.length);
  expect(leads.filter((lead) => !["done", "replied", "failed"].includes(lead.status))).toEqual([]);
  expect(await db.campaignLeadStep.count({ where: { campaignId: campaign.id, status: "sending" } })).toBe(0);

  // Nothing twice at the network, and everything the network got is recorded once.
  const sessions = await db.linkedinAccount.findMany({ where: { id: { in: pool } }, select: { providerAccountId: true } });
  const senderMembers = (await db.sandboxSession.findMany({ where: { id: { in: sessions.map((session) => session.providerAccountId) } } })).map((session) => session.memberId);
  for (const lead of leads) {
    const member = await db.sandboxMember.findUniqueOrThrow({ where: { publicIdentifier: lead.lead.publicIdentifier! } });
    const [invitations, messages, views] = await Promise.all([
      db.sandboxInvitation.count({ where: { toMemberId: member.id, fromMemberId: { in: senderMembers } } }),
      db.sandboxMessage.count({ where: { toMemberId: member.id, fromMemberId: { in: senderMembers } } }),
      db.sandboxInteraction.count({ where: { targetId: member.id, memberId: { in: senderMembers }, kind: "profile_view" } }),
    ]);
    const done = (stepType: string) => lead.journal.filter((step) => step.stepType === stepType && step.status === "done").length;
    expect({ lead: lead.id, invitations, messages, views }).toEqual({ lead: lead.id, invitations: done("invite"), messages: done("message"), views: done("visit_profile") });
    expect(invitations).toBeLessThanOrEqual(1);
    expect(views).toBeLessThanOrEqual(1);
  }
}, 600_000);
