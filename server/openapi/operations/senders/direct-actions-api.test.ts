import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { advanceSandboxNetwork } from "@/server/services/sandbox/advance-sandbox-network";
import { replyAsSandboxProspect } from "@/server/services/sandbox/act-as-prospect";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

const directory = sandboxDirectory();
const withPosts = directory.filter((prospect) => prospect.posts.length > 0);
const withoutPosts = directory.filter((prospect) => prospect.posts.length === 0);
let next = 0;
const freshProspect = () => directory[(next++ * 7) % directory.length]!;

async function senderFor(options: { premium?: boolean } = {}) {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const name = `sender${Math.random().toString(36).slice(2, 8)}${options.premium ? "+premium" : ""}`;
  const connected = await callApi("POST", "/accounts", { key, body: { username: `${name}@example.com`, password: "x" } });
  expect(connected.status).toBe(200);
  const id = connected.body!.data.id as string;
  const invite = (profileUrl: string, options: { note?: string; headers?: Record<string, string> } = {}) =>
    callApi("POST", `/accounts/${id}/connections`, {
      key,
      body: { profileUrl, ...(options.note !== undefined ? { note: options.note } : {}) },
      headers: options.headers,
    });
  return { ...context, key, id, invite };
}

async function sandboxInvitationsTo(publicIdentifier: string) {
  const member = await db.sandboxMember.findUniqueOrThrow({ where: { publicIdentifier } });
  return db.sandboxInvitation.findMany({ where: { toMemberId: member.id } });
}

describe("connection requests", () => {
  it("sends an invitation, tracks the lead, and drops the note of a free sender", async () => {
    const sender = await senderFor();
    const prospect = freshProspect();
    const response = await sender.invite(sandboxProfileUrl(prospect.publicIdentifier), { note: "Hi!" });
    expect(response.status).toBe(200);
    expect(response.body?.data).toMatchObject({
      type: "invitation",
      status: "pending",
      accountId: sender.id,
      publicIdentifier: prospect.publicIdentifier,
      note: null,
      sentAt: expect.any(String),
    });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: response.body!.data.leadId } });
    expect(lead).toMatchObject({ workspaceId: sender.workspace.id, firstName: prospect.firstName, memberId: prospect.id });
    expect((await sandboxInvitationsTo(prospect.publicIdentifier)).map((invitation) => invitation.note)).toEqual([null]);
  });

  it("keeps the note of a premium sender, refuses one over 300 characters, and 409s a pending invitation", async () => {
    const sender = await senderFor({ premium: true });
    const prospect = freshProspect();
    const url = sandboxProfileUrl(prospect.publicIdentifier);
    const tooLong = await sender.invite(url, { note: "x".repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body?.error.details.fields[0]).toMatchObject({ field: "note", message: "must be at most 300 characters" });
    expect((await sender.invite(url, { note: "x".repeat(300) })).body?.data.note).toHaveLength(300);
    const again = await sender.invite(url);
    expect(again).toMatchObject({ status: 409, body: { error: { code: "invitation-pending" } } });
  });

  it("replays the first response for a reused Idempotency-Key without inviting again", async () => {
    const sender = await senderFor();
    const prospect = freshProspect();
    const url = sandboxProfileUrl(prospect.publicIdentifier);
    const first = await sender.invite(url, { headers: { "idempotency-key": "invite-1" } });
    const second = await sender.invite(url, { headers: { "idempotency-key": "invite-1" } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await sandboxInvitationsTo(prospect.publicIdentifier)).toHaveLength(1);
  });

  it("turns 20 concurrent requests to one profile into exactly one invitation", async () => {
    const sender = await senderFor();
    const prospect = freshProspect();
    const url = sandboxProfileUrl(prospect.publicIdentifier);
    const responses = await Promise.all(Array.from({ length: 20 }, () => sender.invite(url)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
    expect(await sandboxInvitationsTo(prospect.publicIdentifier)).toHaveLength(1);
    expect(await db.senderAction.count({ where: { accountId: sender.id, type: "invitation", status: { not: "failed" } } })).toBe(1);
  });

  it("stops at the daily cap with 429 and Retry-After until the sender's midnight", async () => {
    const clock = new ManualClock("2026-06-01T20:00:00Z"); // 22:00 in Paris
    setClock(clock);
    const sender = await senderFor();
    await callApi("PATCH", `/accounts/${sender.id}`, {
      key: sender.key,
      body: { timezone: "Europe/Paris", limits: { daily: { invitations: 2 } } },
    });
    expect((await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier))).status).toBe(200);
    expect((await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier))).status).toBe(200);
    const capped = await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier));
    expect(capped).toMatchObject({ status: 429, body: { error: { code: "daily-limit-reached" } } });
    expect(Number(capped.headers.get("retry-after"))).toBe(2 * 3600);
    const account = await callApi("GET", `/accounts/${sender.id}`, { key: sender.key });
    expect(account.body?.data.usage.day).toMatchObject({ invitations: 2, date: "2026-06-01" });
    clock.advance(2 * 3600_000);
    expect((await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier))).status).toBe(200);
  });

  it("stops at the weekly limit unless the workspace bypasses it", async () => {
    const clock = new ManualClock("2026-06-03T10:00:00Z"); // a Wednesday
    setClock(clock);
    const sender = await senderFor();
    await callApi("PATCH", "/workspace", { key: sender.key, body: { weeklyInvitationLimitFree: 3 } });
    for (let day = 0; day < 3; day++) {
      expect((await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier))).status).toBe(200);
      clock.advance(24 * 3600_000);
    }
    const limited = await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier));
    expect(limited).toMatchObject({ status: 429, body: { error: { code: "weekly-limit-reached" } } });
    // Saturday 10:00 UTC to Monday 00:00 UTC.
    expect(Number(limited.headers.get("retry-after"))).toBe(38 * 3600);

    await callApi("PATCH", "/workspace", { key: sender.key, body: { bypassWeeklyInvitationLimit: true } });
    expect((await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier))).status).toBe(200);
  });

  it("rests a sender LinkedIn throttles, answering 429 sender-cooldown", async () => {
    const sender = await senderFor();
    await callApi("PATCH", `/accounts/${sender.id}`, {
      key: sender.key,
      body: { limits: { daily: { profileViews: 500 } } },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) {
      const prospect = directory[index]!;
      const response = await callApi("POST", `/accounts/${sender.id}/profile-views`, {
        key: sender.key,
        body: { profileUrl: sandboxProfileUrl(prospect.publicIdentifier) },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body?.error.code).toBe("throttled");
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    const resting = await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier));
    expect(resting).toMatchObject({ status: 429, body: { error: { code: "sender-cooldown" } } });
    const account = await callApi("GET", `/accounts/${sender.id}`, { key: sender.key });
    expect(account.body?.data.cooldownUntil).not.toBeNull();
  });

  it("refuses to act for a paused sender, and answers 422 for an unknown profile", async () => {
    const sender = await senderFor();
    const missing = await sender.invite("https://www.linkedin.com/in/nobody-here-000");
    expect(missing).toMatchObject({ status: 422, body: { error: { code: "profile-not-found" } } });
    await db.linkedinAccount.update({ where: { id: sender.id }, data: { paused: true, pausedReason: "manual" } });
    const paused = await sender.invite(sandboxProfileUrl(freshProspect().publicIdentifier));
    expect(paused).toMatchObject({ status: 409, body: { error: { code: "sender-paused" } } });
  });
});

describe("profile views and post likes", () => {
  it("views a profile and likes the latest post, or answers 422 without a recent post", async () => {
    const sender = await senderFor();
    const viewed = await callApi("POST", `/accounts/${sender.id}/profile-views`, {
      key: sender.key,
      body: { profileUrl: sandboxProfileUrl(withPosts[0]!.publicIdentifier) },
    });
    expect(viewed.body?.data).toMatchObject({ type: "profile_view", status: "done" });
    const liked = await callApi("POST", `/accounts/${sender.id}/post-likes`, {
      key: sender.key,
      body: { profileUrl: sandboxProfileUrl(withPosts[1]!.publicIdentifier) },
    });
    expect(liked.body?.data).toMatchObject({ type: "post_like", status: "done", postUrl: expect.stringContaining("linkedin.com/feed/update") });
    const nothing = await callApi("POST", `/accounts/${sender.id}/post-likes`, {
      key: sender.key,
      body: { profileUrl: sandboxProfileUrl(withoutPosts[0]!.publicIdentifier) },
    });
    expect(nothing).toMatchObject({ status: 422, body: { error: { code: "no-recent-post" } } });
    const account = await callApi("GET", `/accounts/${sender.id}`, { key: sender.key });
    expect(account.body?.data.usage.day).toMatchObject({ profileViews: 1, postLikes: 1 });
  });
});

describe("events of tracked leads", () => {
  it("fires connection.accepted when the prospect accepts, and message.received when they write", async () => {
    const clock = new ManualClock("2026-06-01T09:00:00Z");
    setClock(clock);
    await ensureSandboxDirectory();
    const sender = await senderFor();
    // A prospect whose behaviour model accepts.
    let accepted: string | null = null;
    for (let index = 0; index < 40 && !accepted; index++) {
      const prospect = directory[100 + index]!;
      await sender.invite(sandboxProfileUrl(prospect.publicIdentifier));
      const [invitation] = await sandboxInvitationsTo(prospect.publicIdentifier);
      if (invitation?.acceptAt) accepted = prospect.publicIdentifier;
    }
    expect(accepted).not.toBeNull();
    clock.advance(73 * 3600_000);
    await advanceSandboxNetwork();
    const events = await outboxEvents(sender.workspace.id, "connection.accepted");
    const event = events.find((candidate) => candidate.data.lead.publicIdentifier === accepted);
    expect(event?.data).toMatchObject({ source: "direct", accountId: sender.id, campaignLeadId: null, campaignId: null, acceptedAt: expect.any(String) });
    expect(event?.data.lead.providerId).toMatch(/^sbp_/);
    const action = await db.senderAction.findFirstOrThrow({ where: { accountId: sender.id, publicIdentifier: accepted!, type: "invitation" } });
    expect(action).toMatchObject({ status: "accepted", acceptedAt: expect.any(Date) });

    const prospect = await db.sandboxMember.findUniqueOrThrow({ where: { publicIdentifier: accepted! } });
    const row = await db.linkedinAccount.findUniqueOrThrow({ where: { id: sender.id } });
    await replyAsSandboxProspect(sender.actor, { prospectMemberId: prospect.id, senderMemberId: row.memberId!, text: "Happy to chat!" });
    const received = await outboxEvents(sender.workspace.id, "message.received");
    expect(received.at(-1)?.data).toMatchObject({
      source: "direct",
      accountId: sender.id,
      message: { text: "Happy to chat!" },
      from: { publicIdentifier: accepted },
      // Nobody asked for classification: unknown. Endpoints without classifyReplies get null.
      classification: { interest: null },
    });
  });
});
