import { describe, expect, it } from "vitest";
import { ACCOUNT_ID, MEMBER_ID, chatStarted, commentSent, invitationCanceled, invitationSent, problem, reactionAdded, userProfile } from "../../../test/fakes/unipile/fixtures";
import { CLOCK_START, providerError, withFakeUnipile } from "../../../test/fakes/unipile/harness";
import { FOLLOW_NOT_DOCUMENTED } from "./action-operations";

const h = withFakeUnipile();

function base64(text: string): string {
  return Buffer.from(text).toString("base64");
}

async function fileText(value: FormDataEntryValue | null): Promise<{ name: string; type: string; text: string }> {
  expect(value).toBeInstanceOf(File);
  const file = value as File;
  return { name: file.name, type: file.type, text: await file.text() };
}

describe("invitations", () => {
  it("invites by provider id with the note", async () => {
    h.unipile.on("POST", "/api/v1/users/invite", { status: 201, body: invitationSent });
    const sent = await h.provider.sendInvitation(ACCOUNT_ID, { memberId: MEMBER_ID, note: "Hi Jane, let's connect" });
    expect(h.unipile.requests("POST", "/api/v1/users/invite")[0]!.json).toEqual({
      account_id: ACCOUNT_ID,
      provider_id: MEMBER_ID,
      message: "Hi Jane, let's connect",
    });
    expect(sent).toEqual({ invitationId: "7432050021786857473", memberId: MEMBER_ID, sentAt: CLOCK_START });
  });

  it("invites without a note", async () => {
    h.unipile.on("POST", "/api/v1/users/invite", { status: 201, body: invitationSent });
    await h.provider.sendInvitation(ACCOUNT_ID, { memberId: MEMBER_ID });
    expect(h.unipile.requests("POST", "/api/v1/users/invite")[0]!.json).toEqual({ account_id: ACCOUNT_ID, provider_id: MEMBER_ID });
  });

  it.each([
    ["errors/already_invited_recently", 422, "already-invited"],
    ["errors/cannot_resend_yet", 422, "already-invited"],
    ["errors/already_connected", 422, "already-connected"],
    ["errors/limit_exceeded", 422, "network-limit-reached"],
    ["errors/resource_not_found", 404, "profile-not-found"],
    ["errors/account_restricted", 403, "account-restricted"],
    ["errors/provider_error", 500, "throttled"],
  ] as const)("maps %s to %s", async (type, status, code) => {
    h.unipile.on("POST", "/api/v1/users/invite", { status, body: problem(status, type) });
    expect((await providerError(h.provider.sendInvitation(ACCOUNT_ID, { memberId: MEMBER_ID }))).code).toBe(code);
  });

  it("withdraws an invitation by id", async () => {
    h.unipile.on("DELETE", "/api/v1/users/invite/sent/7432050021786857473", { status: 200, body: invitationCanceled });
    await h.provider.withdrawInvitation(ACCOUNT_ID, "7432050021786857473");
    expect(h.unipile.requests("DELETE", "/api/v1/users/invite/sent/7432050021786857473")[0]!.query.get("account_id")).toBe(ACCOUNT_ID);
  });
});

describe("messages", () => {
  it("starts a chat as multipart with text, attachments and a voice note", async () => {
    h.unipile.on("POST", "/api/v1/chats", { status: 201, body: chatStarted });
    const sent = await h.provider.sendMessage(ACCOUNT_ID, {
      memberId: MEMBER_ID,
      text: "Thanks for connecting!",
      attachments: [{ name: "deck.pdf", mimeType: "application/pdf", content: base64("%PDF-1.4 deck") }],
      voiceNote: { mimeType: "audio/mpeg", content: base64("ID3 voice"), durationMs: 4_000 },
    });
    expect(sent).toEqual({ chatId: "chat-new", messageId: "msg-new", sentAt: CLOCK_START });

    const form = h.unipile.requests("POST", "/api/v1/chats")[0]!.form!;
    expect(form.get("account_id")).toBe(ACCOUNT_ID);
    expect(form.getAll("attendees_ids")).toEqual([MEMBER_ID]);
    expect(form.get("text")).toBe("Thanks for connecting!");
    expect(await fileText(form.get("attachments"))).toEqual({ name: "deck.pdf", type: "application/pdf", text: "%PDF-1.4 deck" });
    expect(await fileText(form.get("voice_message"))).toEqual({ name: "voice-note.mp3", type: "audio/mpeg", text: "ID3 voice" });
    expect(form.has("linkedin[inmail]")).toBe(false);
  });

  it("sends a voice note on its own (an AI voice note, spoken as WAV) without an empty text part", async () => {
    h.unipile.on("POST", "/api/v1/chats", { status: 201, body: chatStarted });
    await h.provider.sendMessage(ACCOUNT_ID, { memberId: MEMBER_ID, text: "", voiceNote: { mimeType: "audio/wav", content: base64("RIFF voice"), durationMs: 2_500 } });
    const form = h.unipile.requests("POST", "/api/v1/chats")[0]!.form!;
    expect(form.has("text")).toBe(false);
    expect(form.has("attachments")).toBe(false);
    expect(await fileText(form.get("voice_message"))).toEqual({ name: "voice-note.wav", type: "audio/wav", text: "RIFF voice" });
  });

  it("maps a recipient who is not a relation", async () => {
    h.unipile.on("POST", "/api/v1/chats", { status: 422, body: problem(422, "errors/no_connection_with_recipient") });
    expect((await providerError(h.provider.sendMessage(ACCOUNT_ID, { memberId: MEMBER_ID, text: "Hi" }))).code).toBe("not-connected");
  });

  it("does not turn an odd answer to a sent message into an error", async () => {
    h.unipile.on("POST", "/api/v1/chats", { status: 201, body: { object: "ChatStarted", chat_id: null, message_id: null } });
    expect(await h.provider.sendMessage(ACCOUNT_ID, { memberId: MEMBER_ID, text: "Hi" })).toEqual({ chatId: "", messageId: "", sentAt: CLOCK_START });
  });

  it("sends an InMail through the classic API with its subject", async () => {
    h.unipile.on("POST", "/api/v1/chats", { status: 201, body: chatStarted });
    await h.provider.sendInmail(ACCOUNT_ID, { memberId: MEMBER_ID, subject: "Quick question", text: "Hello Jane" });
    const form = h.unipile.requests("POST", "/api/v1/chats")[0]!.form!;
    expect(form.get("subject")).toBe("Quick question");
    expect(form.get("linkedin[api]")).toBe("classic");
    expect(form.get("linkedin[inmail]")).toBe("true");
    expect(form.get("text")).toBe("Hello Jane");
  });

  it.each([
    ["errors/insufficient_credits", "no-inmail-credits"],
    ["errors/not_allowed_inmail", "not-connected"],
  ] as const)("maps an InMail refused with %s to %s", async (type, code) => {
    h.unipile.on("POST", "/api/v1/chats", { status: 422, body: problem(422, type) });
    expect((await providerError(h.provider.sendInmail(ACCOUNT_ID, { memberId: MEMBER_ID, subject: "S", text: "T" }))).code).toBe(code);
  });
});

describe("profile visits", () => {
  it("reads the profile with notify=true", async () => {
    h.unipile.on("GET", `/api/v1/users/${MEMBER_ID}`, { status: 200, body: userProfile });
    await h.provider.visitProfile(ACCOUNT_ID, MEMBER_ID);
    const [visit] = h.unipile.requests("GET", `/api/v1/users/${MEMBER_ID}`);
    expect(Object.fromEntries(visit!.query)).toEqual({ account_id: ACCOUNT_ID, notify: "true" });
  });
});

describe("follows", () => {
  it("fails a follow with the reason, asking Unipile nothing (it documents no follow endpoint)", async () => {
    const error = await providerError(h.provider.followProfile(ACCOUNT_ID, MEMBER_ID));
    expect({ code: error.code, message: error.message }).toEqual({ code: "action-failed", message: FOLLOW_NOT_DOCUMENTED });
    expect(h.unipile.requests("GET", `/api/v1/users/${MEMBER_ID}`)).toEqual([]);
  });
});

describe("posts", () => {
  const postId = "urn:li:activity:7332661864792854528";

  it("likes a post, and takes a post liked already as done", async () => {
    h.unipile.on("POST", "/api/v1/posts/reaction", { status: 201, body: reactionAdded });
    await h.provider.reactToPost(ACCOUNT_ID, postId);
    expect(h.unipile.requests("POST", "/api/v1/posts/reaction")[0]!.json).toEqual({ account_id: ACCOUNT_ID, post_id: postId, reaction_type: "like" });

    h.unipile.on("POST", "/api/v1/posts/reaction", { status: 422, body: problem(422, "errors/action_already_performed") });
    await h.provider.reactToPost(ACCOUNT_ID, postId);

    h.unipile.on("POST", "/api/v1/posts/reaction", { status: 422, body: problem(422, "errors/invalid_post") });
    expect((await providerError(h.provider.reactToPost(ACCOUNT_ID, postId))).code).toBe("action-failed");
  });

  it("comments on a post addressed by its URN", async () => {
    const path = `/api/v1/posts/${encodeURIComponent(postId)}/comments`;
    h.unipile.on("POST", path, { status: 201, body: commentSent });
    expect(await h.provider.commentOnPost(ACCOUNT_ID, postId, "Congrats!")).toEqual({ commentId: "" });
    expect(h.unipile.requests("POST", path)[0]!.json).toEqual({ account_id: ACCOUNT_ID, text: "Congrats!" });

    h.unipile.on("POST", path, { status: 201, body: { object: "CommentSent", comment_id: "7333000000000000001" } });
    expect(await h.provider.commentOnPost(ACCOUNT_ID, postId, "Again")).toEqual({ commentId: "7333000000000000001" });
  });

  it("reports a comment LinkedIn refuses (the post was removed) as a failed action, not a retry", async () => {
    const path = `/api/v1/posts/${encodeURIComponent(postId)}/comments`;
    h.unipile.on("POST", path, { status: 422, body: problem(422, "errors/invalid_post") });
    const error = await providerError(h.provider.commentOnPost(ACCOUNT_ID, postId, "Congrats!"));
    expect(error.code).toBe("action-failed");
    expect(error.retryable).toBe(false);
  });
});
