import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TPendingComment, TPendingVoiceNote } from "@/server/schemas/approvals";
import { approvalErrorText, isStale } from "./approval-errors";
import { CommentDetail } from "./comment-detail";
import { microphoneProblem } from "./voice-recorder";
import { VoiceNoteDetail, voiceOrigin } from "./voice-note-detail";

const base = {
  campaignId: "cmp_1",
  campaignName: "Q4 founders",
  campaignLeadId: "cld_1",
  leadId: "led_1",
  linkedinAccountId: "acc_1",
  senderName: "Grace on LinkedIn",
  stepId: "comment",
  variantId: null,
  status: "pending" as const,
  error: null,
  firstName: "Lin",
  lastName: "Moreau",
  headline: "CTO at Moreau & Fils",
  profileUrl: "https://www.linkedin.com/in/lin-moreau",
  publicIdentifier: "lin-moreau",
  picture: null,
  company: "Moreau & Fils",
  decidedAt: null,
  sentAt: null,
  createdAt: "2026-11-24T08:00:00.000Z",
  updatedAt: "2026-11-24T08:00:00.000Z",
};

const comment: TPendingComment = {
  ...base,
  id: "pcm_1",
  prompt: "Add a thought of your own",
  comment: "Great point about <pipelines>!",
  postUrl: "https://www.linkedin.com/feed/update/urn:li:activity:1",
  postText: "We rebuilt our pipeline this quarter.",
  postedAt: "2026-11-20T08:00:00.000Z",
  generations: 2,
};

const voiceNote: TPendingVoiceNote = {
  ...base,
  id: "pvn_1",
  stepId: "voice",
  kind: "ai",
  script: "Hi Lin, a quick word about Moreau & Fils.",
  voiceId: "en-us",
  voiceName: "English (US)",
  audioUrl: "http://localhost/api/files/audio.wav?expires=1&signature=x",
  audioUrlExpiresAt: "2026-11-24T09:00:00.000Z",
  audioMimeType: "audio/wav",
  durationMs: 7_400,
  recordedByPerson: false,
};

const noop = () => undefined;

describe("a pending comment", () => {
  it("shows the lead, their post and the draft (escaped), with its decisions and their keys", () => {
    const html = renderToStaticMarkup(
      createElement(CommentDetail, { draft: comment, mode: null, busy: false, regenerating: false, onMode: noop, onApprove: noop, onSave: noop, onRegenerate: noop, onReject: noop }),
    );
    expect(html).toContain("Lin Moreau");
    expect(html).toContain("CTO at Moreau &amp; Fils");
    expect(html).toContain("Q4 founders");
    expect(html).toContain("Grace on LinkedIn");
    expect(html).toContain("We rebuilt our pipeline this quarter.");
    expect(html).toContain("Great point about &lt;pipelines&gt;!");
    expect(html).toContain("Draft 2 (rewritten 1×)");
    for (const label of ["Approve", "Edit", "Regenerate", "Reject"]) expect(html).toContain(label);
    expect(html).toMatch(/aria-hidden="true"[^>]*>A<\/kbd>/);
  });
  it("edits in a text box with the limit and the keys to approve or give up", () => {
    const html = renderToStaticMarkup(
      createElement(CommentDetail, { draft: comment, mode: "edit", busy: false, regenerating: false, onMode: noop, onApprove: noop, onSave: noop, onRegenerate: noop, onReject: noop }),
    );
    expect(html).toContain('aria-label="Comment"');
    expect(html).toContain("/ 1250");
    expect(html).toContain("Approve this text");
    expect(html).not.toContain(">Reject<");
  });
});

describe("a pending voice note", () => {
  it("shows the player, the script and where the audio came from", () => {
    const html = renderToStaticMarkup(
      createElement(VoiceNoteDetail, { draft: voiceNote, mode: null, busy: false, working: false, playerRef: null, onMode: noop, onApprove: noop, onReRecord: noop, onUpload: noop, onReject: noop }),
    );
    expect(html).toContain("Voice note · 0:07");
    expect(html).toContain("Play the voice note for Lin");
    expect(html).toContain("Hi Lin, a quick word about Moreau &amp; Fils.");
    expect(html).toContain("Re-record");
    expect(html).toContain("Record your own");
  });
  it("offers no re-recording for a step's own recording", () => {
    const html = renderToStaticMarkup(
      createElement(VoiceNoteDetail, {
        draft: { ...voiceNote, kind: "recorded", script: null },
        mode: null,
        busy: false,
        working: false,
        playerRef: null,
        onMode: noop,
        onApprove: noop,
        onReRecord: noop,
        onUpload: noop,
        onReject: noop,
      }),
    );
    expect(html).not.toContain("Re-record");
    expect(html).toContain("The step&#x27;s own recording");
  });
  it("says who made the audio", () => {
    expect(voiceOrigin(voiceNote)).toBe("Spoken by the English (US) voice from the script");
    expect(voiceOrigin({ ...voiceNote, recordedByPerson: true })).toMatch(/^Recorded by a person/);
  });
});

describe("problems in plain words", () => {
  const herald = (code: string, message: string) => ({ message, data: { heraldCode: code } });
  it("says what became of a draft decided or withdrawn meanwhile, in the server's words", () => {
    const error = herald("already-decided", "This comment was already approved.");
    expect(approvalErrorText(error)).toBe("This comment was already approved.");
    const withdrawn = herald("already-decided", "This comment was withdrawn: its lead moved on (stopped, replied or left the step) before anyone decided.");
    expect(approvalErrorText(withdrawn)).toMatch(/^This comment was withdrawn/);
    expect(isStale(error)).toBe(true);
    expect(isStale(herald("insufficient-credits", "Not enough AI credits."))).toBe(false);
    expect(approvalErrorText(herald("insufficient-credits", "Not enough AI credits."))).toBe("Not enough AI credits.");
  });
  it("explains a microphone the browser refused, or that is missing", () => {
    expect(microphoneProblem({ name: "NotAllowedError" })).toMatch(/blocked the microphone/);
    expect(microphoneProblem({ name: "NotFoundError" })).toMatch(/No microphone was found/);
    expect(microphoneProblem(new Error("?"))).toMatch(/could not start/);
  });
});
