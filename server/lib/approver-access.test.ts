import { describe, expect, it } from "vitest";
import { approverMayCall, approverMayUseApi, approverMayVisit, homePathFor } from "./approver-access";

describe("approverMayCall", () => {
  it("opens the Approvals and Inbox routers whole", () => {
    for (const path of ["approvals.counts", "approvals.comments.approve", "approvals.voiceNotes.uploadRecording", "inbox.list", "inbox.reply", "inbox.unreadCount"]) {
      expect(approverMayCall(path), path).toBe(true);
    }
  });

  it("closes settings, keys, billing and everything not listed", () => {
    for (const path of [
      // Its settings, seats and credit balance.
      "workspace.current",
      "workspace.updateSettings",
      "members.list",
      "members.invite",
      "apiKeys.create",
      "apiKeys.list",
      "credits.ledger",
      "webhooks.list",
      "senders.list",
      "campaigns.list",
      "leads.get",
      "sandbox.reset",
      "jobs.list",
      "mailboxes.list",
      // The outcomes of the campaigns, and the leads behind them.
      "analytics.overview",
      "analytics.leads",
      "analytics.exportCsv",
      "someRouterAddedLater.anything",
    ]) {
      expect(approverMayCall(path), path).toBe(false);
    }
  });

  it("matches whole names, not beginnings", () => {
    expect(approverMayCall("approvalsAdmin.settings")).toBe(false);
    expect(approverMayCall("inboxSettings.update")).toBe(false);
    expect(approverMayCall("workspace.currentBilling")).toBe(false);
    expect(approverMayCall("approvals")).toBe(true);
  });
});

describe("approverMayUseApi", () => {
  it("opens pending comments, pending voice notes and conversations with everything below them", () => {
    for (const path of [
      "/pending-comments",
      "/pending-comments/{id}",
      "/pending-comments/{id}/approve",
      "/pending-voice-notes/{id}/re-record",
      "/pending-ai-lines",
      "/pending-ai-lines/{id}/approve",
      "/conversations",
      "/conversations/{id}/messages",
    ]) {
      expect(approverMayUseApi(path), path).toBe(true);
    }
  });

  it("closes every other operation", () => {
    for (const path of ["/workspace", "/workspaces", "/accounts", "/campaigns/{id}", "/webhooks", "/credits/ledger", "/lead-lists", "/conversations-export", "/pending-commentsX", "/campaigns/{id}/sequence/{stepId}/ai-preview", "/analytics/overview", "/analytics/export"]) {
      expect(approverMayUseApi(path), path).toBe(false);
    }
  });
});

describe("approverMayVisit", () => {
  it("opens Approvals and the Inbox", () => {
    for (const path of ["/approvals", "/approvals/", "/inbox", "/inbox/con_1"]) expect(approverMayVisit(path), path).toBe(true);
  });

  it("closes the other pages", () => {
    for (const path of ["/", "/settings", "/settings/api", "/settings/members", "/senders", "/campaigns", "/campaigns/cmp_1", "/sandbox", "/orders", "/mailboxes", "/api-reference", "/workspaces/new", "/inboxes", "/analytics", "/analytics/leads"]) {
      expect(approverMayVisit(path), path).toBe(false);
    }
  });
});

describe("homePathFor", () => {
  it("starts approvers on Approvals and everyone else on Analytics", () => {
    expect(homePathFor("approver")).toBe("/approvals");
    expect(homePathFor("member")).toBe("/analytics");
    expect(homePathFor("owner")).toBe("/analytics");
    expect(homePathFor(null)).toBe("/analytics");
  });
});
