import { z } from "zod";

export const ZPendingCommentIdParams = z.object({
  id: z.string().min(1).meta({ description: "Pending comment id", example: "pcm_1f2e3d4c5b6a79880716253443526170" }),
});

export const ZPendingVoiceNoteIdParams = z.object({
  id: z.string().min(1).meta({ description: "Pending voice note id", example: "pvn_1f2e3d4c5b6a79880716253443526170" }),
});

export const STATUSES =
  "Statuses: `pending` (waits for a person), `approved` (the sender's next turn sends it), `sent`, `failed` (LinkedIn refused it; `error` says why), `rejected`, `cancelled` (its lead left the step first — stopped, replied, removed — so there is nothing left to decide).";

export const DECISION_RULES =
  "Only a `pending` draft can be decided or changed: any other answers 409 `already-decided`, whose message says what became of it (already approved, rejected or sent, or withdrawn because its lead moved on). Of two people deciding the same draft at once, one succeeds and the other gets the 409. Another workspace's draft is 404.";

export const AUDIO_URLS =
  "`audioUrl` is a signed address of the audio that expires at `audioUrlExpiresAt` (an hour by default); fetch the voice note again for a fresh one. The audio is never public.";

export const BEYOND_THE_SPEC_COMMENTS = "Beyond the spec: the spec names these operations but shows neither their paths nor their shapes.";

export const ZPendingAgentWriteIdParams = z.object({
  id: z.string().min(1).meta({ description: "Held agent action id", example: "paw_1f2e3d4c5b6a79880716253443526170" }),
});

export const AGENT_WRITES =
  "Beyond the spec (issue 39). When a workspace's `agentWritesNeedApproval` is on, a write an AI agent asks for through Herald's MCP server is not run: it answers 202 with `pendingApproval` and waits here. Statuses: `pending`, `approved` (it ran; `result` holds the operation's answer), `failed` (approved, but it could not run or the operation refused it: `result` says why — e.g. its key was revoked), `rejected` (it never ran). Members, admins and owners see the queue; approvers do not (403).";

export const AGENT_WRITE_DECISIONS =
  "Only a workspace admin or owner decides (403 otherwise), never through the MCP server and never with the key that asked. Only a `pending` action can be decided: any other answers 409 `already-decided`; of two people deciding at once, one succeeds and the other gets the 409. Another workspace's is 404.";
