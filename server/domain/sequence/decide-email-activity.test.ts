import { describe, expect, it } from "vitest";
import type { WiredStep } from "../../schemas/sequence";
import { decideEmailActivity, windowInWords, type SentEmailActivity } from "./decide-email-activity";
import { recordedActivity, TRACKING_GRACE_MS } from "../mail/tracked-activity";

const HOUR = 3_600_000;
const condition = (type: "if_email_opened" | "if_email_clicked", config: Partial<WiredStep["config"]> = {}): WiredStep => ({
  id: "c",
  type,
  parent: "e2",
  branch: "no",
  config: { variants: [], ...config },
});
const email = (stepId: string, sentAt: number, openedAt: number | null = null, clickedAt: number | null = null): SentEmailActivity => ({ stepId, sentAt, openedAt, clickedAt });

describe("decideEmailActivity", () => {
  it("says yes once the lead opened any of the campaign's e-mails within the window after the latest", () => {
    const emails = [email("e1", 0, 5 * HOUR), email("e2", 100 * HOUR)];
    expect(decideEmailActivity(condition("if_email_opened", { windowHours: 48 }), emails, 101 * HOUR)).toEqual({ outcome: "yes", detail: "Opened the e-mail" });
  });

  it("waits while the window is open, and says no once it closed without an open", () => {
    const opened = condition("if_email_opened", { windowHours: 48 });
    const emails = [email("e1", 10 * HOUR)];
    expect(decideEmailActivity(opened, emails, 11 * HOUR)).toEqual({ outcome: "wait", until: 58 * HOUR, detail: "Waiting for an open" });
    expect(decideEmailActivity(opened, emails, 58 * HOUR)).toEqual({ outcome: "no", detail: "Not opened within 2 days" });
    // An open after the window closed does not count, even when it was recorded before the lead got there.
    expect(decideEmailActivity(opened, [email("e1", 10 * HOUR, 59 * HOUR)], 80 * HOUR)).toEqual({ outcome: "no", detail: "Not opened within 2 days" });
    // One recorded within the window counts when the lead is decided later.
    expect(decideEmailActivity(opened, [email("e1", 10 * HOUR, 57 * HOUR)], 80 * HOUR)).toEqual({ outcome: "yes", detail: "Opened the e-mail" });
  });

  it("counts only the named step's e-mail, from its own sending", () => {
    const second = condition("if_email_opened", { emailStepId: "e2", windowHours: 24 });
    const emails = [email("e1", 0, 2 * HOUR), email("e2", 30 * HOUR)];
    expect(decideEmailActivity(second, emails, 31 * HOUR)).toEqual({ outcome: "wait", until: 54 * HOUR, detail: "Waiting for an open" });
    expect(decideEmailActivity(second, [email("e1", 0, 2 * HOUR)], 31 * HOUR)).toEqual({ outcome: "no", detail: "The e-mail it asks about was not sent to this lead" });
    expect(decideEmailActivity(condition("if_email_opened"), [], 0)).toEqual({ outcome: "no", detail: "No e-mail of the campaign was sent to this lead" });
  });

  it("asks for a click when it is the click condition, with the default window of 3 days", () => {
    const clicked = condition("if_email_clicked");
    expect(decideEmailActivity(clicked, [email("e1", 0, HOUR)], 2 * HOUR)).toEqual({ outcome: "wait", until: 72 * HOUR, detail: "Waiting for a click" });
    expect(decideEmailActivity(clicked, [email("e1", 0, HOUR, 3 * HOUR)], 4 * HOUR)).toEqual({ outcome: "yes", detail: "Clicked a link" });
    expect(decideEmailActivity(clicked, [email("e1", 0, HOUR)], 72 * HOUR)).toEqual({ outcome: "no", detail: "No link clicked within 3 days" });
  });

  it("words windows in days when they are whole days", () => {
    expect([windowInWords(1), windowInWords(5), windowInWords(24), windowInWords(36), windowInWords(168)]).toEqual(["1 hour", "5 hours", "1 day", "36 hours", "7 days"]);
  });
});

describe("recordedActivity", () => {
  const sentAt = 1_000_000;
  it("records only tracked moments past the grace period, and a click as an open when none came before", () => {
    const both = { sentAt, openAt: sentAt + 10 * 60_000, clickAt: sentAt + 20 * 60_000, opensTracked: true, clicksTracked: true };
    expect(recordedActivity(both)).toEqual({ openedAt: both.openAt, clickedAt: both.clickAt });
    expect(recordedActivity({ ...both, opensTracked: false })).toEqual({ openedAt: both.clickAt, clickedAt: both.clickAt });
    expect(recordedActivity({ ...both, clicksTracked: false })).toEqual({ openedAt: both.openAt, clickedAt: null });
    expect(recordedActivity({ ...both, opensTracked: false, clicksTracked: false })).toEqual({ openedAt: null, clickedAt: null });
    expect(recordedActivity({ ...both, openAt: sentAt + TRACKING_GRACE_MS - 1, clickAt: null })).toEqual({ openedAt: null, clickedAt: null });
  });
});
