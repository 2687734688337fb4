import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { inviteTree } from "../../server/test/fixtures/sequences";
import { fieldsOfError, isIncompleteOnly, issuesForField, mergeIssues, placeIssues, validateDraft, withoutStepLabel } from "./issues";
import { addStep, updateStep } from "./operations";
import { setVariantContent } from "./variants";

describe("validation on the steps", () => {
  it("passes a valid draft and gives its wired form", () => {
    const result = validateDraft(inviteTree().steps);
    expect(result.issues.byStep.size).toBe(0);
    expect(result.wired).toEqual(inviteTree());
  });

  it("places the API's problems on the step they name", () => {
    const added = addStep(inviteTree().steps, { parentId: "inmail", branch: "no" }, "message", "empty")!;
    const tooLong = updateStep(added.steps, "invite", (step) => setVariantContent(step, 0, { note: "x".repeat(301) }));
    const { issues } = validateDraft(tooLong);
    expect([...issues.byStep.keys()]).toEqual(["invite"]);
    expect(issues.byStep.get("invite")).toEqual([{ field: "config.variants.0.note", message: "must be at most 300 characters" }]);

    // With the note fixed, wiring checks run: the new message has no text.
    const { issues: wiring } = validateDraft(added.steps);
    expect(wiring.byStep.get("empty")).toEqual([{ field: "config.variants.0.text", message: expect.stringMatching(/^is required/) }]);
    expect(isIncompleteOnly(wiring.byStep.get("empty")!)).toBe(true);
    expect(issuesForField(wiring.byStep.get("empty")!, 0, "text")).toHaveLength(1);
  });

  it("places broken placeholders on the variant that has them", () => {
    const steps = updateStep(inviteTree().steps, "thanks", (step) => setVariantContent(step, 1, { text: "Hi {{first name}}" }));
    const { issues } = validateDraft(steps);
    const problems = issues.byStep.get("thanks")!;
    expect(problems).toEqual([{ field: "config.variants.1.text", message: expect.stringContaining("placeholder") }]);
    expect(issuesForField(problems, 1, "text")).toHaveLength(1);
    expect(issuesForField(problems, 0, "text")).toHaveLength(0);
    expect(isIncompleteOnly(problems)).toBe(false);
  });

  it("places server errors from tRPC (changes.sequence…) and keeps the rest general", () => {
    const steps = inviteTree().steps;
    const error = {
      message: "Leads are in progress",
      data: {
        fields: [
          { field: "sequence.steps.2.type", message: "retypes step thanks from message to inmail" },
          { field: "changes.sequence.steps.3.config.subject", message: "is required" },
          { field: "sequence.steps", message: "removes step x (message), which leads may be on" },
        ],
      },
    };
    const placed = placeIssues(fieldsOfError(error)!, steps);
    expect(placed.byStep.get("thanks")).toEqual([{ field: "type", message: "retypes step thanks from message to inmail" }]);
    expect(placed.byStep.get("inmail")).toEqual([{ field: "config.subject", message: "is required" }]);
    expect(placed.general).toEqual([{ field: "sequence.steps", message: "removes step x (message), which leads may be on" }]);
    expect(fieldsOfError(new Error("plain"))).toBeNull();
  });

  it("reads the fields of a HeraldError thrown in the browser", () => {
    try {
      wireSequence({ steps: [{ type: "inmail" }] });
    } catch (error) {
      expect(fieldsOfError(error)?.map((issue) => issue.field)).toEqual(["sequence.steps.0.config.subject", "sequence.steps.0.config.text"]);
      return;
    }
    throw new Error("expected a 400");
  });
});

describe("messages for people", () => {
  it("drop the step label the editor shows by placing the problem", () => {
    expect(withoutStepLabel("is required (step 1 (st_687ec536, Message))")).toBe("is required");
    expect(withoutStepLabel("is required (step 2 (thanks, Message), variant B)")).toBe("is required");
    expect(withoutStepLabel("must be at most 300 characters")).toBe("must be at most 300 characters");
  });
});

describe("merging issues", () => {
  it("keeps each problem once per step", () => {
    const browser = new Map([["a", [{ field: "config.text", message: "is required" }]]]);
    const server = new Map([
      ["a", [{ field: "config.text", message: "is required" }, { field: "type", message: "retypes step a" }]],
      ["b", [{ field: "parent", message: "moves step b" }]],
    ]);
    expect(mergeIssues(browser, server)).toEqual(
      new Map([
        ["a", [{ field: "config.text", message: "is required" }, { field: "type", message: "retypes step a" }]],
        ["b", [{ field: "parent", message: "moves step b" }]],
      ]),
    );
  });
});
