import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { inviteTree } from "../../server/test/fixtures/sequences";
import { addStep } from "./operations";
import { indexTree, mayNotBeConnected, notConnectedSteps, preorder, treeOrder, type TreeItem } from "./tree";

const names = (items: TreeItem[]) => items.map((item) => (item.kind === "step" ? item.step.id : `+${item.slot.parentId ?? "root"}:${item.slot.branch ?? "next"}`));

describe("treeOrder", () => {
  it("walks depth first, each step then its yes branch then its no branch, open slots in their place", () => {
    expect(names(treeOrder(inviteTree().steps))).toEqual(["visit", "invite", "thanks", "follow", "+follow:no", "inmail", "+inmail:no"]);
  });

  it("does not depend on the order of the steps array", () => {
    const steps = inviteTree().steps;
    const reversed = [...steps].reverse();
    expect(names(treeOrder(reversed))).toEqual(names(treeOrder(steps)));
    // Added last to the array, but walked in its place on the invitation's yes branch.
    const grown = addStep(steps, { parentId: "follow", branch: "no" }, "visit_profile", "late")!.steps;
    expect(names(treeOrder(grown))).toEqual(["visit", "invite", "thanks", "follow", "late", "+late:next", "inmail", "+inmail:no"]);
  });

  it("is the first step's slot for an empty sequence", () => {
    expect(names(treeOrder([]))).toEqual(["+root:next"]);
  });

  it("agrees with preorder on the steps", () => {
    const steps = inviteTree().steps;
    expect(preorder(steps).map((step) => step.id)).toEqual(["visit", "invite", "thanks", "follow", "inmail"]);
  });
});

describe("the not-connected warning", () => {
  const warned = (input: unknown) => [...notConnectedSteps(wireSequence(input).steps)];

  it("leaves messages below an accepted invitation or a connected condition alone, however deep", () => {
    expect([...notConnectedSteps(inviteTree().steps)]).toEqual([]);
    expect(
      warned({
        steps: [
          { id: "check", type: "if_connected" },
          { id: "hello", type: "message", parent: "check", branch: "yes", config: { text: "Hi" } },
          { id: "again", type: "message", parent: "hello", branch: "no", config: { text: "Again" } },
        ],
      }),
    ).toEqual([]);
  });

  it("warns on a message after Not accepted, after Not connected, after an InMail, or with no invitation before it", () => {
    expect(
      warned({
        steps: [
          { id: "invite", type: "invite" },
          { id: "lost", type: "message", parent: "invite", branch: "no", config: { text: "Hi" } },
        ],
      }),
    ).toEqual(["lost"]);
    expect(
      warned({
        steps: [
          { id: "check", type: "if_connected" },
          { id: "lost", type: "message", parent: "check", branch: "no", config: { text: "Hi" } },
        ],
      }),
    ).toEqual(["lost"]);
    expect(
      warned({
        steps: [
          { id: "inmail", type: "inmail", config: { subject: "S", text: "T" } },
          { id: "lost", type: "message", parent: "inmail", branch: "no", config: { text: "Hi" } },
        ],
      }),
    ).toEqual(["lost"]);
    expect(warned({ steps: [{ type: "visit_profile" }, { type: "message", config: { text: "Hi" } }] })).toHaveLength(1);
    expect(warned({ steps: [{ id: "first", type: "message", config: { text: "Hi" } }] })).toEqual(["first"]);
  });

  it("concerns only steps sent as LinkedIn messages, not InMails, invitations or visits", () => {
    const steps = wireSequence({
      steps: [{ type: "visit_profile" }, { type: "inmail", config: { subject: "S", text: "T" } }, { type: "invite" }],
    }).steps;
    const index = indexTree(steps);
    expect(steps.map((step) => mayNotBeConnected(index, step))).toEqual([false, false, false]);
  });
});
