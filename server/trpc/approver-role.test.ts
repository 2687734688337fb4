// The approver role on the dashboard's tRPC edge: every procedure acting in a workspace answers an
// approver FORBIDDEN unless approver-access.ts lists it, the Approvals and Tasks queues and the Inbox work, and a
// role changed between two calls holds at the next one (the session's actor is read per call).
import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../db/client";
import { APPROVER_DENIED_MESSAGE, approverMayCall } from "../lib/approver-access";
import type { Actor } from "../lib/actor";
import { ManualClock, setClock, systemClock } from "../lib/clock";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, useTemporaryFileStorage } from "../test/approvals-seed";
import { createTestUser } from "../test/factories";
import { emailConversationSeed, inboxWorkspace, receivedEmail } from "../test/inbox-seed";
import { createCallerFactory } from "./init";
import { appRouter } from "./root";

// The session cookie is Next's; the actor is still built from the database on every call, as the
// real getSessionActor does, so that a role change shows at the next call.
vi.mock("../auth/dashboard-session", async () => {
  const { getActiveWorkspaceId } = await import("../services/workspaces/get-active-workspace-id");
  const { resolveActor } = await import("../services/members/resolve-actor");
  return {
    getSessionUserId: async () => null,
    getSessionActor: async (userId: string) => {
      const workspaceId = await getActiveWorkspaceId(userId);
      return workspaceId ? resolveActor(userId, workspaceId) : null;
    },
  };
});

beforeEach(() => useTemporaryFileStorage());
afterEach(() => setClock(systemClock));

const callerFor = (userId: string) => createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
type Caller = ReturnType<typeof callerFor>;

/** Calls the procedure at a dotted path, as the dashboard's client would by name. */
function callPath(caller: Caller, path: string, input?: unknown): Promise<unknown> {
  // The caller is a proxy of procedures by name; a loose type walks it by path.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const procedure = path.split(".").reduce<any>((node, key) => node[key], caller);
  return procedure(input);
}

/** The error a call ends with, or null when it succeeds. */
async function failureOf(call: () => Promise<unknown>): Promise<TRPCError | null> {
  try {
    await call();
    return null;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
}

const procedurePaths = () => Object.keys(appRouter._def.procedures).sort();

async function join(actor: Actor, role: Actor["role"]) {
  const user = await createTestUser({ name: `Avery ${role}` });
  const membership = await db.membership.create({ data: { workspaceId: actor.workspaceId, userId: user.id, role } });
  return { userId: user.id, membership };
}

describe("an approver on the dashboard's procedures", () => {
  it("is refused every workspace procedure the access rule does not list, and nothing else", async () => {
    const { actor } = await inboxWorkspace();
    const approver = await join(actor, "approver");
    const loner = await createTestUser({ name: "No Workspace" });

    // Which procedures act in a workspace: those that refuse someone who belongs to none.
    const inWorkspace: string[] = [];
    for (const path of procedurePaths()) {
      const failure = await failureOf(() => callPath(callerFor(loner.id), path));
      if (failure?.code === "FORBIDDEN" && failure.message === "You do not belong to any workspace yet.") inWorkspace.push(path);
    }
    expect(inWorkspace).toEqual(expect.arrayContaining(["members.list", "apiKeys.create", "credits.ledger", "webhooks.list", "senders.list", "campaigns.list", "approvals.counts", "inbox.list"]));
    // Acting in no workspace, these are the user's own: the switcher's list, switching, a new workspace.
    expect(inWorkspace).not.toContain("workspace.list");

    const refused: string[] = [];
    const open: string[] = [];
    for (const path of inWorkspace) {
      const failure = await failureOf(() => callPath(callerFor(approver.userId), path));
      const deniedAsApprover = failure?.code === "FORBIDDEN" && failure.message === APPROVER_DENIED_MESSAGE;
      (deniedAsApprover ? refused : open).push(path);
    }
    expect(open).toEqual(inWorkspace.filter(approverMayCall));
    expect(refused).toEqual(inWorkspace.filter((path) => !approverMayCall(path)));
    expect(open.every((path) => path.startsWith("approvals.") || path.startsWith("tasks.") || path.startsWith("inbox."))).toBe(true);
    // Settings, members, keys, billing, senders, campaigns, webhooks, the sandbox: all closed.
    expect(refused).toEqual(
      expect.arrayContaining([
        "workspace.current",
        "workspace.updateSettings",
        "members.list",
        "members.invite",
        "members.updateRole",
        "apiKeys.list",
        "apiKeys.create",
        "credits.ledger",
        "credits.grant",
        "webhooks.list",
        "webhooks.create",
        "senders.list",
        "senders.connect",
        "campaigns.list",
        "leads.timeline",
        "jobs.runs",
        "sandbox.overview",
      ]),
    );
  });

  it("works the Inbox and reaches the Approvals queue", async () => {
    setClock(new ManualClock("2026-03-02T09:00:00Z"));
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    await receivedEmail(seed.thread, { kind: "reply", text: "Tell me more", from: seed.lead.email!, root: seed.first.messageId, inReplyTo: seed.first.messageId });
    const { id } = await seed.conversation();
    const approver = await join(actor, "approver");
    const caller = callerFor(approver.userId);

    // Not the workspace's settings, seats or credit balance.
    await expect(caller.workspace.current()).rejects.toMatchObject({ code: "FORBIDDEN", message: APPROVER_DENIED_MESSAGE });
    expect(await caller.inbox.unreadCount()).toEqual({ unreadCount: 1 });
    expect((await caller.inbox.list({ limit: 10 })).data.map((conversation) => conversation.id)).toEqual([id]);
    expect((await caller.inbox.get({ id })).messages).toHaveLength(2);
    expect(await caller.inbox.update({ id, changes: { interest: "interested" } })).toMatchObject({ interest: "interested" });
    expect(await caller.inbox.reply({ id, text: "Happy to show you" })).toMatchObject({ direction: "outbound", status: "sent" });

    // The queue: counted, listed and decided by the approver.
    const sender = await approvalSender(actor);
    const campaign = await approvalCampaign(actor);
    const comment = await seedPendingComment({ actor, campaign, sender });
    const voiceNote = await seedPendingVoiceNote({ actor, campaign, sender });
    expect(await caller.approvals.counts()).toMatchObject({ comments: 1, voiceNotes: 1 });
    expect((await caller.approvals.comments.list({})).data.map((draft) => draft.id)).toEqual([comment.draft.id]);
    expect(await caller.approvals.comments.approve({ id: comment.draft.id })).toMatchObject({ status: "approved" });
    expect(await caller.approvals.voiceNotes.reject({ id: voiceNote.draft.id })).toMatchObject({ status: "rejected" });
    expect(await caller.approvals.counts()).toMatchObject({ comments: 0, voiceNotes: 0 });

    // The user-level procedures still answer: the switcher lists their workspaces.
    expect((await caller.workspace.list()).map((workspace) => workspace.workspaceId)).toEqual([actor.workspaceId]);
  });

  it("takes a role change at the next call, both ways", async () => {
    const { actor, userId: ownerId } = await inboxWorkspace();
    const member = await join(actor, "member");
    const owner = callerFor(ownerId);
    const caller = callerFor(member.userId);

    expect((await caller.campaigns.list({ limit: 5, offset: 0 })).total).toBe(0);
    expect(await owner.members.updateRole({ memberId: member.membership.id, role: "approver" })).toMatchObject({ role: "approver" });
    await expect(caller.campaigns.list({ limit: 5, offset: 0 })).rejects.toMatchObject({ code: "FORBIDDEN", message: APPROVER_DENIED_MESSAGE });
    await expect(caller.apiKeys.create({ name: "Mine" })).rejects.toMatchObject({ code: "FORBIDDEN", message: APPROVER_DENIED_MESSAGE });
    await expect(caller.members.updateRole({ memberId: member.membership.id, role: "owner" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller.workspace.current()).rejects.toMatchObject({ code: "FORBIDDEN", message: APPROVER_DENIED_MESSAGE });

    await owner.members.updateRole({ memberId: member.membership.id, role: "member" });
    expect((await caller.campaigns.list({ limit: 5, offset: 0 })).total).toBe(0);
    expect((await owner.members.list()).find((row) => row.id === member.membership.id)?.role).toBe("member");
  });
});
