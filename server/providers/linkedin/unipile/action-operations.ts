// Acting on LinkedIn through Unipile: invitations, messages and InMails, profile visits, reactions
// and comments. Nothing here retries: a write that may have reached LinkedIn must not be sent twice.
import { now } from "../../../lib/clock";
import { LinkedinProviderError, type Attachment, type LinkedinProvider, type SentMessage, type VoiceNote } from "../types";
import { segment, type UnipileContext } from "./context";
import { problemFromBody, toProviderError } from "./errors";
import { PROFILE_NOT_FOUND } from "./read-operations";
import { ZUnipileChatStarted, ZUnipileCommentSent, ZUnipileInvitationSent, parseAnswer } from "./schemas";

type ActionOperations = Pick<
  LinkedinProvider,
  "sendInvitation" | "withdrawInvitation" | "sendMessage" | "sendInmail" | "visitProfile" | "reactToPost" | "commentOnPost" | "followProfile"
>;

/**
 * Unipile's documented API (v1: users, posts, chats, and the Recruiter and Sales Navigator actions
 * of POST /api/v1/linkedin/user/{id}) has no way to follow a member. Rather than call an endpoint it
 * does not document, a follow fails with this reason, which the campaign shows on the lead.
 */
export const FOLLOW_NOT_DOCUMENTED = "Following a member is not in Unipile's documented API, so Herald cannot follow through Unipile; remove the follow step or use the sandbox network";

const VOICE_EXTENSIONS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/x-m4a": "m4a",
  "audio/webm": "webm",
};

function file(content: string, mimeType: string): Blob {
  return new Blob([Buffer.from(content, "base64")], { type: mimeType });
}

function chatForm(
  providerAccountId: string,
  input: { memberId: string; text: string; attachments?: Attachment[]; voiceNote?: VoiceNote; inmailSubject?: string },
): FormData {
  const form = new FormData();
  form.append("account_id", providerAccountId);
  form.append("attendees_ids", input.memberId);
  if (input.text) form.append("text", input.text);
  for (const attachment of input.attachments ?? []) {
    form.append("attachments", file(attachment.content, attachment.mimeType), attachment.name);
  }
  if (input.voiceNote) {
    const extension = VOICE_EXTENSIONS[input.voiceNote.mimeType.split(";")[0]!.trim().toLowerCase()] ?? "audio";
    form.append("voice_message", file(input.voiceNote.content, input.voiceNote.mimeType), `voice-note.${extension}`);
  }
  if (input.inmailSubject !== undefined) {
    // Unipile reads nested LinkedIn options from bracketed multipart field names.
    form.append("subject", input.inmailSubject);
    form.append("linkedin[api]", "classic");
    form.append("linkedin[inmail]", "true");
  }
  return form;
}

export function actionOperations(context: UnipileContext): ActionOperations {
  const { client } = context;

  async function startChat(form: FormData): Promise<SentMessage> {
    const { body } = await client.request({ method: "POST", path: "/api/v1/chats", form, kind: "action" });
    const sentAt = now().toISOString();
    const started = ZUnipileChatStarted.safeParse(body);
    // The message is out at this point: an odd answer must not turn into an error a caller retries.
    return { chatId: (started.success && started.data.chat_id) || "", messageId: (started.success && started.data.message_id) || "", sentAt };
  }

  return {
    async sendInvitation(providerAccountId, input) {
      const json = { account_id: providerAccountId, provider_id: input.memberId, ...(input.note ? { message: input.note } : {}) };
      const { body } = await client.request({ method: "POST", path: "/api/v1/users/invite", json, kind: "action", overrides: PROFILE_NOT_FOUND });
      const sent = parseAnswer(ZUnipileInvitationSent, body, "POST /api/v1/users/invite", "action");
      return { invitationId: sent.invitation_id, memberId: input.memberId, sentAt: now().toISOString() };
    },

    async withdrawInvitation(providerAccountId, invitationId) {
      const path = `/api/v1/users/invite/sent/${segment(invitationId)}`;
      await client.request({ method: "DELETE", path, query: { account_id: providerAccountId }, kind: "action" });
    },

    sendMessage: async (providerAccountId, input) => startChat(chatForm(providerAccountId, input)),

    async sendInmail(providerAccountId, input) {
      if (!input.subject.trim()) throw new LinkedinProviderError("action-failed", "An InMail needs a subject");
      return startChat(chatForm(providerAccountId, { ...input, inmailSubject: input.subject }));
    },

    async visitProfile(providerAccountId, memberId) {
      // notify=true makes the read a visit the member sees in "Who viewed your profile".
      const path = `/api/v1/users/${segment(memberId)}`;
      await client.request({ method: "GET", path, query: { account_id: providerAccountId, notify: true }, kind: "action", overrides: PROFILE_NOT_FOUND });
    },

    async reactToPost(providerAccountId, postId) {
      const json = { account_id: providerAccountId, post_id: postId, reaction_type: "like" };
      const { status, body } = await client.request({ method: "POST", path: "/api/v1/posts/reaction", json, kind: "action", accept: [422] });
      if (status !== 422) return;
      const problem = problemFromBody(status, body);
      // Liked already (by an earlier try, or by hand): the outcome Herald wanted.
      if (problem.type === "errors/action_already_performed") return;
      throw toProviderError(problem, "action");
    },

    async followProfile() {
      throw new LinkedinProviderError("action-failed", FOLLOW_NOT_DOCUMENTED);
    },

    async commentOnPost(providerAccountId, postId, text) {
      const path = `/api/v1/posts/${segment(postId)}/comments`;
      const { body } = await client.request({ method: "POST", path, json: { account_id: providerAccountId, text }, kind: "action" });
      const sent = ZUnipileCommentSent.safeParse(body);
      // Unipile documents this answer as {object: "CommentSent"}; an id is read when it sends one.
      return { commentId: (sent.success && (sent.data.comment_id || sent.data.id)) || "" };
    },
  };
}
