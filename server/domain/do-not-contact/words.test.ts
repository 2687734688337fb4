import { describe, expect, it } from "vitest";
import { listingSentence, reasonWords } from "./words";

describe("the list's words", () => {
  it("says why and since when a lead is listed", () => {
    expect(listingSentence({ kind: "domain", value: "acme.com", reason: "manual", createdAt: "2026-12-03T10:00:00.000Z", shared: false })).toBe(
      "On the do-not-contact list: the domain acme.com (Added by hand on 3 Dec 2026)",
    );
    // Another workspace's entry: listed there, without its reason or date (they stay that workspace's).
    expect(listingSentence({ kind: "email", value: "jane@acme.com", reason: null, createdAt: null, shared: true })).toBe(
      "On the do-not-contact list: the e-mail address jane@acme.com (on another workspace's shared list)",
    );
    expect(listingSentence({ kind: "email", value: null, reason: "erased", createdAt: "2026-12-03T10:00:00.000Z", shared: false })).toBe(
      "On the do-not-contact list: this person, erased on request (on 3 Dec 2026)",
    );
  });

  it("names every reason in words", () => {
    expect(["unsubscribed", "complaint", "bounce", "manual", "csv", "api", "erased"].map(reasonWords)).toEqual([
      "Unsubscribed", "Marked as spam", "Bounced", "Added by hand", "Imported", "Added through the API", "Erased on request",
    ]);
  });
});
