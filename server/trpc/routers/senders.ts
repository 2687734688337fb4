import { z } from "zod";
import { ZPaginationQuery } from "../../schemas/common";
import { ZConnectionRequestInput, ZDirectActionInput } from "../../schemas/direct-action";
import {
  toCheckpointState,
  toConnectSenderResult,
  ZCheckpointAnswer,
  ZConnectSenderInput,
  ZCreateHostedLinkInput,
  ZReconnectSenderInput,
  ZUpdateSenderInput,
} from "../../schemas/sender";
import { likeLatestPost } from "../../services/direct-actions/like-latest-post";
import { sendConnectionRequest } from "../../services/direct-actions/send-connection-request";
import { visitProfile } from "../../services/direct-actions/visit-profile";
import { listSenderActions } from "../../services/direct-actions/list-sender-actions";
import { answerSenderCheckpoint } from "../../services/senders/answer-sender-checkpoint";
import { connectSender } from "../../services/senders/connect-sender";
import { createSenderHostedLink } from "../../services/senders/create-sender-hosted-link";
import { disconnectSender } from "../../services/senders/disconnect-sender";
import { getSender } from "../../services/senders/get-sender";
import { getSenderCheckpoint } from "../../services/senders/get-sender-checkpoint";
import { getSenderHostedLink } from "../../services/senders/get-sender-hosted-link";
import { listSenders } from "../../services/senders/list-senders";
import { pauseSender } from "../../services/senders/pause-sender";
import { reconnectSender } from "../../services/senders/reconnect-sender";
import { resumeSender } from "../../services/senders/resume-sender";
import { updateSender } from "../../services/senders/update-sender";
import { listSpeechVoices } from "../../services/senders/list-speech-voices";
import { previewSpeechVoice } from "../../services/senders/preview-speech-voice";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });

export const sendersRouter = router({
  list: workspaceProcedure.input(ZPaginationQuery).query(({ ctx, input }) => listSenders(ctx.actor, input)),
  voices: workspaceProcedure.query(({ ctx }) => listSpeechVoices(ctx.actor)),
  previewVoice: workspaceProcedure.input(z.object({ voiceId: z.string().min(1).max(200) })).mutation(({ ctx, input }) => previewSpeechVoice(ctx.actor, input.voiceId)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getSender(ctx.actor, input.id)),
  connect: workspaceProcedure
    .input(ZConnectSenderInput)
    .mutation(async ({ ctx, input }) => toConnectSenderResult(await connectSender(ctx.actor, input, { via: "dashboard" }))),
  checkpoint: workspaceProcedure.input(ZId).query(async ({ ctx, input }) => toCheckpointState(await getSenderCheckpoint(ctx.actor, input.id))),
  answerCheckpoint: workspaceProcedure
    .input(z.object({ id: z.string(), answer: ZCheckpointAnswer }))
    .mutation(async ({ ctx, input }) => toCheckpointState(await answerSenderCheckpoint(ctx.actor, input.id, input.answer))),
  update: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateSenderInput }))
    .mutation(({ ctx, input }) => updateSender(ctx.actor, input.id, input.changes)),
  pause: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => pauseSender(ctx.actor, input.id)),
  resume: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => resumeSender(ctx.actor, input.id)),
  disconnect: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => disconnectSender(ctx.actor, input.id)),
  reconnect: workspaceProcedure
    .input(z.object({ id: z.string(), credentials: ZReconnectSenderInput }))
    .mutation(async ({ ctx, input }) => toConnectSenderResult(await reconnectSender(ctx.actor, input.id, input.credentials))),
  createHostedLink: workspaceProcedure.input(ZCreateHostedLinkInput).mutation(({ ctx, input }) => createSenderHostedLink(ctx.actor, input)),
  hostedLink: workspaceProcedure.input(ZId).query(({ ctx, input }) => getSenderHostedLink(ctx.actor, input.id)),
  actions: workspaceProcedure
    .input(z.object({ id: z.string(), limit: z.number().int().min(1).max(100).default(20), offset: z.number().int().min(0).default(0) }))
    .query(({ ctx, input }) => listSenderActions(ctx.actor, input.id, input)),
  sendConnectionRequest: workspaceProcedure
    .input(z.object({ id: z.string(), request: ZConnectionRequestInput }))
    .mutation(({ ctx, input }) => sendConnectionRequest(ctx.actor, input.id, input.request)),
  visitProfile: workspaceProcedure
    .input(z.object({ id: z.string(), request: ZDirectActionInput }))
    .mutation(({ ctx, input }) => visitProfile(ctx.actor, input.id, input.request)),
  likeLatestPost: workspaceProcedure
    .input(z.object({ id: z.string(), request: ZDirectActionInput }))
    .mutation(({ ctx, input }) => likeLatestPost(ctx.actor, input.id, input.request)),
});
