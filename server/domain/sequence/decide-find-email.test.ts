import { describe, expect, it } from "vitest";
import { ALREADY_HAD_ADDRESS, decideFindEmail, FIND_EMAIL_NO_CREDITS, NO_ADDRESS_FOUND } from "./decide-find-email";
import { decideWait } from "./decide-wait";
import { withAppliedDefaults } from "./applied-defaults";
import { placeAfter } from "./step-timing";
import { wireSequence } from "./wire-sequence";

describe("decideFindEmail", () => {
  it("takes yes at once for a lead that has an address: no lookup, nothing to pay", () => {
    expect(decideFindEmail({ email: "ada@acme.example" })).toEqual({ kind: "branch", outcome: "yes", detail: ALREADY_HAD_ADDRESS });
    // Whatever a lookup would say: the lead's own address stands.
    expect(decideFindEmail({ email: "ada@acme.example", lookup: { kind: "no-credits" } })).toEqual({ kind: "branch", outcome: "yes", detail: ALREADY_HAD_ADDRESS });
  });

  it("asks for a lookup when the lead has no address (a blank one counts as none)", () => {
    expect(decideFindEmail({ email: null })).toEqual({ kind: "look-up" });
    expect(decideFindEmail({ email: "  " })).toEqual({ kind: "look-up" });
  });

  it("takes yes with the address found, no when none was, and holds the lead when the lookup could not be paid for", () => {
    expect(decideFindEmail({ email: null, lookup: { kind: "found", email: "ada@acme.example", source: "company-database" } })).toEqual({
      kind: "branch",
      outcome: "yes",
      detail: "Found ada@acme.example in the company database",
      email: "ada@acme.example",
    });
    expect(decideFindEmail({ email: null, lookup: { kind: "not-found" } })).toEqual({ kind: "branch", outcome: "no", detail: NO_ADDRESS_FOUND });
    const held = decideFindEmail({ email: null, lookup: { kind: "no-credits" } });
    expect(held).toEqual({ kind: "hold", reason: FIND_EMAIL_NO_CREDITS });
    expect(FIND_EMAIL_NO_CREDITS).toMatch(/out of AI credits.*resume the lead/);
  });
});

describe("a find_email step in a sequence", () => {
  const sequence = wireSequence({
    steps: [
      { id: "invite", type: "invite" },
      // Below the connected branch: it reads no LinkedIn, so it may sit there.
      { id: "find", type: "find_email", parent: "invite", branch: "yes", branchDelays: { no: 2 } },
      { id: "mail", type: "email", parent: "find", branch: "yes", config: { subject: "Hi", text: "Hello" } },
      { id: "look", type: "visit_profile", parent: "find", branch: "no" },
    ],
  });
  const find = sequence.steps.find((step) => step.id === "find")!;
  const schedule = { timezone: "UTC", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };
  const at = Date.parse("2026-03-07T23:00:00Z"); // a Saturday night: it needs no schedule

  it("is resolved when due without a sender's turn, at any hour", () => {
    expect(decideWait({ step: find, phase: "ready", at, schedule, key: "cl_1" })).toEqual({ kind: "find-email", step: find });
  });

  it("branches yes (found) and no (not found) with the conditions' delays, shown as applied", () => {
    const placed = (outcome: "yes" | "no") => {
      const placement = placeAfter(sequence, find, outcome, new Date(at));
      return placement.kind === "step" ? [placement.step.id, placement.waitUntil.getTime() - at] : placement;
    };
    expect(placed("yes")).toEqual(["mail", 0]);
    expect(placed("no")).toEqual(["look", 2 * 3_600_000]);
    expect(withAppliedDefaults(find).branchDelays).toEqual({ yes: 0, no: 2 });
  });

  it("takes no content fields, and is a linear chain's natural yes", () => {
    expect(() => wireSequence({ steps: [{ type: "find_email", config: { text: "Hello" } }] })).toThrow();
    const chain = wireSequence({ steps: [{ type: "find_email" }, { type: "email", config: { subject: "Hi", text: "Hello" } }] });
    expect(chain.steps[1]).toMatchObject({ parent: chain.steps[0]!.id, branch: "yes" });
  });
});
