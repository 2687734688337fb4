// Recorded voice-note steps name a sender per recording: each must be a sender of the workspace.
import { describe, expect, it } from "vitest";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

async function workspaceWithSender() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const username = `vera-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const sender = (await callApi("POST", "/accounts", { key, body: { username, password: "x" } })).body!.data.id as string;
  return { key, sender };
}

function sequenceRecordedBy(...senders: string[]) {
  return {
    steps: [
      { type: "invite" },
      { type: "voice_note", config: { voiceAssignments: senders.map((linkedinAccountId) => ({ linkedinAccountId, voice: { url: "https://example.com/v.mp3" } })) } },
    ],
  };
}

describe("voiceAssignments[].linkedinAccountId", () => {
  it("is refused on create when it names another workspace's sender or none, naming the field", async () => {
    const mine = await workspaceWithSender();
    const theirs = await workspaceWithSender();
    const response = await callApi("POST", "/campaigns", { key: mine.key, body: { sequence: sequenceRecordedBy(mine.sender, theirs.sender, "acc_nope") } });
    expect(response.status).toBe(400);
    expect(response.body?.error.code).toBe("invalid-input");
    expect(response.body?.error.details.fields).toEqual([
      { field: "sequence.steps.1.config.voiceAssignments.1.linkedinAccountId", message: "names no sender of this workspace (recording 2 of step #2 Recorded voice note)" },
      { field: "sequence.steps.1.config.voiceAssignments.2.linkedinAccountId", message: "names no sender of this workspace (recording 3 of step #2 Recorded voice note)" },
    ]);
    expect(JSON.stringify(response.body)).not.toContain(theirs.sender);
  });

  it("is refused on update, and accepted for the workspace's own sender", async () => {
    const mine = await workspaceWithSender();
    const theirs = await workspaceWithSender();
    const created = await callApi("POST", "/campaigns", { key: mine.key, body: { sequence: sequenceRecordedBy(mine.sender) } });
    expect(created.status).toBe(201);
    const id = created.body!.data.id as string;
    const patch = (body: unknown) => callApi("PATCH", `/campaigns/${id}`, { key: mine.key, body });
    const refused = await patch({ sequence: sequenceRecordedBy(theirs.sender) });
    expect(refused.status).toBe(400);
    expect(refused.body?.error.details.fields[0].field).toBe("sequence.steps.1.config.voiceAssignments.0.linkedinAccountId");
    const stored = (await callApi("GET", `/campaigns/${id}`, { key: mine.key })).body!.data.sequence.steps[1];
    expect(stored.config.voiceAssignments).toEqual([{ linkedinAccountId: mine.sender, voice: { url: "https://example.com/v.mp3" } }]);
  });
});
