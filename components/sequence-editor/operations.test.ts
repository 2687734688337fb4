import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { generatedSequence, inviteTree } from "../../server/test/fixtures/sequences";
import { addStep, moveSubtree, moveTargets, removeSubtree, retypeOptions, retypeStep } from "./operations";
import { allowedKinds, openSlots, preorder, subtreeIds } from "./tree";
import { MENU_ORDER } from "./kinds";
import { toSequenceInput } from "./sequence-input";

const wiring = (steps: ReturnType<typeof inviteTree>["steps"]) => steps.map((step) => [step.id, step.type, step.parent, step.branch]);

describe("tree queries", () => {
  it("lists open branches in tree order, the first step's slot when empty", () => {
    expect(openSlots([])).toEqual([{ parentId: null, branch: null }]);
    const invite = wireSequence({ steps: [{ id: "i", type: "invite" }] }).steps;
    expect(openSlots(invite)).toEqual([
      { parentId: "i", branch: "yes" },
      { parentId: "i", branch: "no" },
    ]);
    expect(openSlots(inviteTree().steps)).toEqual([
      { parentId: "follow", branch: "no" },
      { parentId: "inmail", branch: "no" },
    ]);
  });

  it("orders steps depth first, yes before no", () => {
    expect(preorder(inviteTree().steps).map((step) => step.id)).toEqual(["visit", "invite", "thanks", "follow", "inmail"]);
  });

  it("applies the connected-branch rule anywhere below a connected branch", () => {
    const steps = inviteTree().steps;
    const forbidden = ["invite", "inmail", "if_connected", "if_open_profile"];
    // Two levels below the invitation's yes (thanks → follow → here).
    const deep = allowedKinds(steps, { parentId: "follow", branch: "no" });
    for (const kind of forbidden) expect(deep).not.toContain(kind);
    expect(deep).toContain("message");
    // No e-mail above: the conditions on e-mail opens and clicks are left out.
    const noEmail = MENU_ORDER.filter((type) => type !== "if_email_opened" && type !== "if_email_clicked");
    expect(allowedKinds(steps, { parentId: "inmail", branch: "no" })).toEqual(noEmail);
    expect(allowedKinds([], { parentId: null, branch: null })).toEqual(noEmail);
  });

  it("offers the conditions on e-mail opens and clicks only below an e-mail, and retypes to them only there", () => {
    const steps = wireSequence({
      steps: [
        { id: "hello", type: "email", config: { subject: "Hi", text: "Hello" } },
        { id: "look", type: "visit_profile", parent: "hello" },
        { id: "wait", type: "if_email_opened", parent: "look", config: { windowHours: 24, emailStepId: "hello" } },
      ],
    }).steps;
    expect(allowedKinds(steps, { parentId: "look", branch: null })).toContain("if_email_clicked");
    expect(allowedKinds(steps, { parentId: "wait", branch: "yes" })).toEqual(expect.arrayContaining(["if_email_opened", "if_email_clicked"]));
    expect(retypeStep(steps, "hello", "if_email_opened")).toBeNull();
    // Retyping it away drops its window and e-mail; retyping the visit to one keeps its place.
    const retyped = retypeStep(steps, "wait", "if_has_email")!;
    expect(retyped.find((step) => step.id === "wait")!.config).toEqual({ variants: [{ id: "a" }] });
    expect(retypeStep(steps, "look", "if_email_clicked")!.find((step) => step.id === "wait")!.branch).toBe("yes");
    // The e-mail cannot become another kind while a condition below asks about it.
    expect(retypeStep(steps, "hello", "message")).toBeNull();
  });

  it("keeps a condition on opens below the e-mail it asks about when moving steps", () => {
    const steps = wireSequence({
      steps: [
        { id: "check", type: "if_has_email" },
        { id: "hello", type: "email", parent: "check", branch: "yes", config: { subject: "Hi", text: "Hello" } },
        { id: "wait", type: "if_email_opened", parent: "hello", config: { emailStepId: "hello" } },
        { id: "look", type: "visit_profile", parent: "check", branch: "no" },
      ],
    }).steps;
    const open = [
      { parentId: "look", branch: null },
      { parentId: "wait", branch: "yes" },
    ] as const;
    // Below the visit, on the no-address branch, the e-mail it names is not above it.
    expect(moveSubtree(steps, "wait", open[0])).toBeNull();
    expect(moveTargets(steps, "wait", [...open])).toEqual([]);
    // The visit may go below the condition: nothing it holds asks about an e-mail.
    expect(moveTargets(steps, "look", [...open])).toEqual([open[1]]);
  });

  it("finds a step's subtree", () => {
    expect(subtreeIds(inviteTree().steps, "invite")).toEqual(["invite", "thanks", "inmail", "follow"]);
  });
});

describe("editing the tree", () => {
  it("adds steps on open branches and refuses taken or forbidden slots", () => {
    const first = addStep([], { parentId: null, branch: null }, "invite", "i")!;
    expect(first.step).toMatchObject({ id: "i", parent: null, branch: null, config: { variants: [{ id: "a" }] } });
    const yes = addStep(first.steps, { parentId: "i", branch: "yes" }, "message", "m")!;
    const no = addStep(yes.steps, { parentId: "i", branch: "no" }, "inmail", "n")!;
    expect(wiring(no.steps)).toEqual([
      ["i", "invite", null, null],
      ["m", "message", "i", "yes"],
      ["n", "inmail", "i", "no"],
    ]);
    expect(addStep(no.steps, { parentId: "i", branch: "yes" }, "message")).toBeNull();
    expect(addStep(no.steps, { parentId: "m", branch: "no" }, "inmail")).toBeNull();
    expect(addStep(no.steps, { parentId: "m", branch: "yes" }, "message")).toBeNull();
    expect(addStep(no.steps, { parentId: null, branch: null }, "message")).toBeNull();
  });

  it("deletes a step with its subtree", () => {
    const left = removeSubtree(inviteTree().steps, "thanks");
    expect(left.map((step) => step.id)).toEqual(["visit", "invite", "inmail"]);
    expect(removeSubtree(inviteTree().steps, "visit")).toEqual([]);
  });

  it("retypes a step, moving its continuation and dropping copy the new kind does not take", () => {
    const steps = inviteTree().steps;
    // The InMail becomes a message: its copy stays, the subject and whenUnable go.
    const retyped = retypeStep(steps, "inmail", "message")!;
    const message = retyped.find((step) => step.id === "inmail")!;
    expect(message.type).toBe("message");
    expect(message.config).toEqual({ text: "Hello {{firstName}}", variants: [{ id: "a", text: "Hello {{firstName}}" }] });
    expect(() => wireSequence(toSequenceInput(retyped))).not.toThrow();
    // The message on yes becomes a profile visit: its follow-up moves from no to its single next.
    const visit = retypeStep(steps, "thanks", "visit_profile")!;
    expect(visit.find((step) => step.id === "follow")).toMatchObject({ parent: "thanks", branch: null });
    expect(() => wireSequence(toSequenceInput(visit))).not.toThrow();
  });

  it("drops the settings of the kind it leaves: an e-mail's thread and missing-value choice, a condition's variable", () => {
    const { steps } = wireSequence({
      steps: [
        { id: "known", type: "if_has_variable", config: { variable: "phone" } },
        { id: "mail", type: "email", parent: "known", branch: "yes", config: { subject: "Hi", text: "Hello", newThread: true, whenValueMissing: "skip" } },
      ],
    });
    const asMessage = retypeStep(steps, "mail", "message")!;
    expect(asMessage.find((step) => step.id === "mail")!.config).toEqual({ text: "Hello", variants: [{ id: expect.any(String), text: "Hello" }] });
    const asEmailCheck = retypeStep(asMessage, "known", "if_has_email")!;
    expect(asEmailCheck.find((step) => step.id === "known")!.config).toEqual({ variants: [{ id: expect.any(String) }] });
    expect(() => wireSequence(toSequenceInput(asEmailCheck))).not.toThrow();
  });

  it("refuses retypes that would strand children or break the connected-branch rule", () => {
    const steps = inviteTree().steps;
    // An invitation with both branches cannot become a message (one continuation).
    expect(retypeStep(steps, "invite", "message")).toBeNull();
    // Below the accepted branch no InMail.
    expect(retypeStep(steps, "thanks", "inmail")).toBeNull();
    // The visit cannot become if_connected: the invitation below it would sit on its connected branch.
    expect(retypeStep(steps, "visit", "if_connected")).toBeNull();
    // Any kind with a yes and a no may take its place, the conditions on the lead's records and find_email too
    // (not those on e-mail opens and clicks: no e-mail above it).
    expect(retypeOptions(steps, "invite", MENU_ORDER)).toEqual(["invite", "if_connected", "if_open_profile", "find_email", "if_has_email", "if_has_linkedin", "if_has_variable"]);
  });

  it("moves a subtree to an open branch outside it, within the rules", () => {
    const steps = wireSequence({
      steps: [
        { id: "c", type: "if_open_profile" },
        { id: "m", type: "message", parent: "c", branch: "yes", config: { text: "Hi" } },
        { id: "v", type: "visit_profile", parent: "m" },
      ],
    }).steps;
    const moved = moveSubtree(steps, "v", { parentId: "c", branch: "no" })!;
    expect(wiring(moved)).toEqual([
      ["c", "if_open_profile", null, null],
      ["m", "message", "c", "yes"],
      ["v", "visit_profile", "c", "no"],
    ]);
    // Not into its own subtree, not onto a taken slot.
    expect(moveSubtree(steps, "m", { parentId: "v", branch: null })).toBeNull();
    expect(moveSubtree(steps, "v", { parentId: "c", branch: "yes" })).toBeNull();
    expect(moveTargets(steps, "v", openSlots(steps))).toEqual([{ parentId: "c", branch: "no" }]);
    // An InMail cannot move below an accepted invitation.
    const tree = inviteTree().steps;
    const withOpenYes = removeSubtree(tree, "thanks");
    expect(moveSubtree(withOpenYes, "inmail", { parentId: "invite", branch: "yes" })).toBeNull();
  });
});

describe("move targets", () => {
  it("agree with trying each move, on a 200-step tree", () => {
    const steps = wireSequence(generatedSequence(200)).steps;
    const open = openSlots(steps);
    for (const step of steps.filter((_step, position) => position % 7 === 3)) {
      const expected = open.filter((slot) => moveSubtree(steps, step.id, slot) !== null);
      expect(moveTargets(steps, step.id, open)).toEqual(expected);
    }
  });
});
