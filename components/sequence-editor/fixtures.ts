// Sequences for the editor's unit tests and benchmark: small named trees and a generated tree of
// any size that passes the API's rules.
import type { TSequenceInput, TSequenceStepInput, WiredSequence } from "@/server/schemas/sequence";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";

/** An invitation; on its yes a message, on its no an InMail; a follow-up message after the first. */
export function inviteTree(): WiredSequence {
  return wireSequence({
    steps: [
      { id: "visit", type: "visit_profile", nextDelayHours: 24 },
      { id: "invite", type: "invite", parent: "visit", config: { note: "Hi {{firstName}}, glad to connect.", withdrawEnabled: true, withdrawDays: 10 } },
      {
        id: "thanks",
        type: "message",
        parent: "invite",
        branch: "yes",
        branchDelays: { no: 48 },
        config: { variants: [{ text: "Thanks for connecting, {{firstName}}!" }, { id: "v_b", text: "Great to be connected." }] },
      },
      { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "A question", text: "Hello {{firstName}}", whenUnable: "skip" } },
      { id: "follow", type: "message", parent: "thanks", branch: "no", config: { text: "Following up", attachments: [{ name: "Deck", url: "https://example.com/deck.pdf" }] } },
    ],
  });
}

/**
 * A tree of `size` steps that passes every rule: invitations and conditions branch both ways,
 * messages continue on no, and nothing that needs an unconnected lead sits below a connected branch.
 */
export function generatedSequence(size: number): TSequenceInput {
  const kindsAnywhere = ["message", "visit_profile", "if_open_profile", "invite", "inmail", "if_connected"] as const;
  const kindsConnected = ["message", "visit_profile", "message", "comment_post"] as const;
  const steps: TSequenceStepInput[] = [];
  const open: Array<{ parent: string | null; branch?: "yes" | "no"; connected: boolean }> = [{ parent: null, connected: false }];
  let counter = 0;
  while (steps.length < size && open.length) {
    const slot = open.shift()!;
    const pool = slot.connected ? kindsConnected : kindsAnywhere;
    const type = pool[counter % pool.length]!;
    const id = `s${counter++}`;
    const config: Record<string, unknown> = {};
    if (type === "message") config.text = `Hi {{firstName}}, message ${id} about {{company}}.`;
    if (type === "inmail") Object.assign(config, { subject: `Subject ${id}`, text: `InMail ${id} for {{firstName}}` });
    if (type === "invite") config.note = `Hello {{firstName}} (${id})`;
    if (type === "comment_post") config.prompt = `Comment kindly (${id})`;
    steps.push({ id, type, parent: slot.parent ?? undefined, branch: slot.branch, config });
    if (type === "invite" || type === "if_connected") {
      open.push({ parent: id, branch: "yes", connected: true }, { parent: id, branch: "no", connected: slot.connected });
    } else if (type === "if_open_profile") {
      open.push({ parent: id, branch: "yes", connected: slot.connected }, { parent: id, branch: "no", connected: slot.connected });
    } else if (type === "message" || type === "inmail") {
      open.push({ parent: id, branch: "no", connected: slot.connected });
    } else {
      open.push({ parent: id, connected: slot.connected });
    }
  }
  return { steps };
}
