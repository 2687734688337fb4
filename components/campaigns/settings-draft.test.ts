import { describe, expect, it } from "vitest";
import type { TCampaign } from "@/server/schemas/campaign";
import { changesOf, draftOf, draftProblems } from "./settings-draft";

const stats = { total: 0, done: 0, failed: 0, pending: 0, running: 0, paused: 0, replied: 0, stopped: 0, invited: 0, accepted: 0, messaged: 0, emailSent: 0, emailOpened: 0, emailClicked: 0, emailReplied: 0, emailBounced: 0 };

const campaign: TCampaign = {
  id: "cmp_1",
  name: "Founders",
  status: "paused",
  stats,
  aiInterestEnabled: false,
  unsubscribe: { enabled: true, text: "Bye {{unsubscribe}}" },
  sourceNotice: null,
  tracking: { opens: "off", clicks: "off" },
  approvals: { comments: true, aiVoiceNotes: true, recordedVoiceNotes: false },
  experiments: { autoPromote: false, threshold: 0.95, minLeadsPerVariant: 100 },
  verification: { invalid: "skip", risky: "send", targetsCompanies: true },
  linkedinAccountIds: ["acc_a", "acc_b"],
  emailAccountIds: [],
  excludeListIds: ["lst_x"],
  listId: null,
  excludeOtherCampaigns: false,
  excludeOtherSenders: false,
  excludeSameSenderOtherCampaigns: false,
  schedule: { startDate: null, endDate: null, timezone: "Europe/Berlin", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
  sequence: { steps: [] },
  leadsInProgress: false,
  finishedAt: null,
  createdAt: "2026-03-01T00:00:00.000Z",
  updatedAt: "2026-03-01T00:00:00.000Z",
};

describe("changesOf", () => {
  it("sends nothing for an untouched draft, and nothing when a pool is only reordered", () => {
    expect(changesOf(draftOf(campaign), campaign)).toEqual({});
    expect(changesOf({ ...draftOf(campaign), linkedinAccountIds: ["acc_b", "acc_a"], rules: { ...draftOf(campaign).rules, excludeListIds: ["lst_x"] } }, campaign)).toEqual({});
  });

  it("sends every changed part in one update, and only those", () => {
    const draft = draftOf(campaign);
    const changes = changesOf(
      {
        ...draft,
        linkedinAccountIds: ["acc_c", "acc_b"],
        schedule: { ...draft.schedule, days: [1, 2, 3, 4, 5, 6, 7] },
        rules: { ...draft.rules, excludeOtherSenders: true },
        approvals: { ...draft.approvals, recordedVoiceNotes: true },
      },
      campaign,
    );
    expect(changes).toEqual({
      // The sender that stays keeps its place; the new one goes last.
      linkedinAccountIds: ["acc_b", "acc_c"],
      schedule: { timezone: "Europe/Berlin", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5, 6, 7], startDate: null, endDate: null },
      excludeOtherSenders: true,
      approvals: { recordedVoiceNotes: true },
    });
  });

  it("sends tracking and the trimmed unsubscribe line together when the e-mail part changed", () => {
    const draft = draftOf(campaign);
    expect(changesOf({ ...draft, delivery: { ...draft.delivery, opens: true, text: " See you {{unsubscribe}} " } }, campaign)).toEqual({
      tracking: { opens: "on", clicks: "off" },
      unsubscribe: { enabled: true, text: "See you {{unsubscribe}}" },
    });
  });

  it("sends the trimmed notice line alone when only it changed, and null when it is emptied", () => {
    const draft = draftOf(campaign);
    expect(changesOf({ ...draft, delivery: { ...draft.delivery, notice: " Listed in {{dataSource}}. " } }, campaign)).toEqual({ sourceNotice: "Listed in {{dataSource}}." });
    const withNotice = { ...campaign, sourceNotice: "Listed in {{dataSource}}." };
    const saved = draftOf(withNotice);
    expect(saved.delivery.notice).toBe("Listed in {{dataSource}}.");
    expect(changesOf(saved, withNotice)).toEqual({});
    expect(changesOf({ ...saved, delivery: { ...saved.delivery, notice: "" } }, withNotice)).toEqual({ sourceNotice: null });
    expect(draftProblems({ ...saved, delivery: { ...saved.delivery, notice: "x".repeat(501) } })).toEqual({ sourceNotice: "must be at most 500 characters" });
  });

  it("sends only the experiment settings that changed", () => {
    const draft = draftOf(campaign);
    expect(changesOf({ ...draft, experiments: { ...draft.experiments, autoPromote: true, threshold: 0.9 } }, campaign)).toEqual({ experiments: { autoPromote: true, threshold: 0.9 } });
  });

  it("sends only the verification settings that changed", () => {
    const draft = draftOf(campaign);
    expect(changesOf({ ...draft, verification: { ...draft.verification, risky: "skip" } }, campaign)).toEqual({ verification: { risky: "skip" } });
    expect(changesOf({ ...draft, verification: { ...draft.verification, targetsCompanies: false } }, campaign)).toEqual({ verification: { targetsCompanies: false } });
  });

  it("clears the lead list with null", () => {
    const withList = { ...campaign, listId: "lst_y" };
    const draft = draftOf(withList);
    expect(changesOf({ ...draft, rules: { ...draft.rules, listId: null } }, withList)).toEqual({ listId: null });
  });
});

describe("draftProblems", () => {
  it("names an experiment threshold or minimum sample out of range, as the server would", () => {
    const draft = draftOf(campaign);
    expect(draftProblems({ ...draft, experiments: { autoPromote: true, threshold: 1, minLeadsPerVariant: 5 } })).toEqual({
      "experiments.threshold": "must be at most 0.999 (99.9%)",
      "experiments.minLeadsPerVariant": "must be at least 20 leads",
    });
  });


  it("names an unsubscribe line that is too long, only while the line is on", () => {
    const draft = draftOf(campaign);
    const long = { ...draft, delivery: { ...draft.delivery, text: "x".repeat(501) } };
    expect(draftProblems(long)).toEqual({ "unsubscribe.text": "must be at most 500 characters" });
    expect(draftProblems({ ...long, delivery: { ...long.delivery, unsubscribe: false } })).toEqual({});
  });
});
