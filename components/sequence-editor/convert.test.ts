import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { ADD_NODE_SIZE, flowToSequence, HANDLE_SIZE, placeholderId, sequenceToFlow, STEP_NODE_SIZE, type AddFlowNode, type StepFlowNode } from "./convert";
import { generatedSequence, inviteTree } from "../../server/test/fixtures/sequences";
import { addStep } from "./operations";
import { toSequenceInput } from "./sequence-input";
import { NOT_CONNECTED_WARNING } from "./tree";

describe("sequence → React Flow nodes and edges", () => {
  it("gives one node per step and an add-step placeholder on every open branch", () => {
    const { steps } = inviteTree();
    const { nodes, edges } = sequenceToFlow(steps);
    const stepNodes = nodes.filter((node): node is StepFlowNode => node.type === "step");
    const placeholders = nodes.filter((node): node is AddFlowNode => node.type === "add");
    expect(stepNodes.map((node) => node.id)).toEqual(["visit", "invite", "thanks", "follow", "inmail"]);
    // The InMail and the follow-up continue on no; nothing else is open.
    expect(placeholders.map((node) => node.data.slot)).toEqual([
      { parentId: "follow", branch: "no" },
      { parentId: "inmail", branch: "no" },
    ]);
    // Placeholders sit in their place in the tree: the order Tab follows on the canvas.
    expect(nodes.map((node) => node.id)).toEqual(["visit", "invite", "thanks", "follow", placeholderId({ parentId: "follow", branch: "no" }), "inmail", placeholderId({ parentId: "inmail", branch: "no" })]);
    expect(edges.map((edge) => [edge.source, edge.target, edge.data?.branch])).toEqual([
      ["visit", "invite", null],
      ["invite", "thanks", "yes"],
      ["invite", "inmail", "no"],
      ["thanks", "follow", "no"],
      ["follow", placeholderId({ parentId: "follow", branch: "no" }), "no"],
      ["inmail", placeholderId({ parentId: "inmail", branch: "no" }), "no"],
    ]);
  });

  it("labels edges with their meaning and delays, defaults included", () => {
    const { edges } = sequenceToFlow(inviteTree().steps);
    const label = (id: string) => {
      const edge = edges.find((candidate) => candidate.id === id)!;
      return `${edge.data!.meaning} · ${edge.data!.when}`;
    };
    expect(label("edge:visit:next")).toBe("Next · wait 1 day");
    expect(label("edge:invite:yes")).toBe("Accepted · right away");
    // withdrawDays 10: the acceptance window defaults to 10 days.
    expect(label("edge:invite:no")).toBe("Not accepted · after 10 days");
    expect(label("edge:thanks:no")).toBe("No reply · after 2 days");
    expect(label("edge:follow:no")).toBe("No reply · after 3 days");
  });

  it("shows kind, copy preview, variant count and a drafted kind's label on nodes", () => {
    const steps = wireSequence({ steps: [{ type: "message", config: { text: "Hi {{firstName}}" } }, { type: "comment_post", config: { prompt: "Be kind" } }] }).steps;
    const [message, comment] = sequenceToFlow(steps).nodes as StepFlowNode[];
    expect(message!.data).toMatchObject({ number: 1, label: "Message", preview: { text: "Hi {{firstName}}", empty: false }, variantCount: 1 });
    expect(comment!.data).toMatchObject({ number: 2, label: "Comment on post" });
    expect(sequenceToFlow(inviteTree().steps).nodes.find((node) => node.id === "thanks")!.data).toMatchObject({ variantCount: 2 });
  });

  it("keeps nodes in tree order and numbers steps by the steps array, so adding a step renumbers none", () => {
    const steps = inviteTree().steps;
    const numbersOf = (flow: ReturnType<typeof sequenceToFlow>) =>
      Object.fromEntries(flow.nodes.filter((node): node is StepFlowNode => node.type === "step").map((node) => [node.id, node.data.number]));
    const before = numbersOf(sequenceToFlow(steps));
    expect(before).toEqual({ visit: 1, invite: 2, thanks: 3, inmail: 4, follow: 5 });
    // A step inserted between the follow-up and its open branch, first in tree order among the new ones.
    const grown = addStep(steps, { parentId: "follow", branch: "no" }, "visit_profile", "late")!.steps;
    const flow = sequenceToFlow(grown);
    expect(numbersOf(flow)).toEqual({ ...before, late: 6 });
    expect(flow.nodes.map((node) => node.id).filter((id) => !id.startsWith("add:"))).toEqual(["visit", "invite", "thanks", "follow", "late", "inmail"]);
    expect(flow.nodes.find((node) => node.id === "inmail")!.ariaLabel).toBe("Step 4: InMail");
    expect(flow.nodes.find((node) => node.id === placeholderId({ parentId: "late", branch: null }))!.ariaLabel).toBe("Add a step after Next (step 6, Visit profile)");
  });

  it("puts the not-connected warning on a message where the lead may not be a connection", () => {
    const steps = wireSequence({
      steps: [
        { id: "invite", type: "invite" },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks" } },
        { id: "lost", type: "message", parent: "invite", branch: "no", config: { text: "Hello?" } },
      ],
    }).steps;
    const warnings = Object.fromEntries(sequenceToFlow(steps).nodes.filter((node): node is StepFlowNode => node.type === "step").map((node) => [node.id, node.data.warning]));
    expect(warnings).toEqual({ invite: null, thanks: null, lost: NOT_CONNECTED_WARNING });
  });

  it("offers only the first step when the sequence is empty", () => {
    const { nodes, edges } = sequenceToFlow([]);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ type: "add", data: { slot: { parentId: null, branch: null }, description: "Add the first step" } });
    expect(edges).toEqual([]);
  });

  it("restricts the placeholders below a connected branch", () => {
    const steps = wireSequence({ steps: [{ type: "invite" }] }).steps;
    const placeholders = sequenceToFlow(steps).nodes.filter((node): node is AddFlowNode => node.type === "add");
    const yes = placeholders.find((node) => node.data.slot.branch === "yes")!;
    const no = placeholders.find((node) => node.data.slot.branch === "no")!;
    expect(yes.data.allowed).not.toContain("inmail");
    expect(yes.data.allowed).not.toContain("invite");
    expect(yes.data.allowed).toContain("message");
    expect(no.data.allowed).toContain("inmail");
  });

  it("declares where each node's edges attach, so an edge is drawn without waiting for a measurement", () => {
    const { nodes } = sequenceToFlow(inviteTree().steps);
    const step = nodes.find((node) => node.id === "inmail")!;
    const placeholder = nodes.find((node) => node.type === "add")!;
    // Centred on the top edge (in) and the bottom edge (out), as the stylesheet draws the dots.
    expect(step.handles?.map(({ type, position, x, y }) => ({ type, position, x: x + HANDLE_SIZE / 2, y: type === "source" ? y + HANDLE_SIZE : y }))).toEqual([
      { type: "target", position: "top", x: STEP_NODE_SIZE.width / 2, y: -HANDLE_SIZE / 2 },
      { type: "source", position: "bottom", x: STEP_NODE_SIZE.width / 2, y: STEP_NODE_SIZE.height + HANDLE_SIZE / 2 },
    ]);
    // A placeholder is only ever a target.
    expect(placeholder.handles?.map(({ type, x }) => ({ type, x: x + HANDLE_SIZE / 2 }))).toEqual([{ type: "target", x: ADD_NODE_SIZE.width / 2 }]);
  });
});

describe("round trips", () => {
  const roundTrip = (wired: ReturnType<typeof wireSequence>) => {
    const { nodes, edges } = sequenceToFlow(wired.steps);
    return wireSequence(toSequenceInput(flowToSequence(nodes, edges)), { previous: wired });
  };

  it("gives back the same wired sequence for a tree with variants, delays and attachments", () => {
    const wired = inviteTree();
    expect(roundTrip(wired)).toEqual(wired);
  });

  it("gives back the same wired sequence for a linear chain sent without ids", () => {
    const wired = wireSequence({
      steps: [{ type: "visit_profile" }, { type: "invite" }, { type: "message", config: { text: "Hi" } }, { type: "message", config: { text: "Again" } }],
    });
    expect(roundTrip(wired)).toEqual(wired);
  });

  it("gives back the same wired sequence for 200 generated steps", () => {
    const wired = wireSequence(generatedSequence(200));
    expect(wired.steps).toHaveLength(200);
    expect(roundTrip(wired)).toEqual(wired);
  });

  it("gives back an empty sequence", () => {
    expect(roundTrip({ steps: [] })).toEqual({ steps: [] });
  });
});
