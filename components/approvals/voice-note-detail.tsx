"use client";
import { useState, type KeyboardEvent, type Ref } from "react";
import { Button } from "@/components/ui/button";
import type { TPendingVoiceNote } from "@/server/schemas/approvals";
import { ActionButton } from "./action-button";
import { LeadSummary } from "./lead-summary";
import { formatDuration } from "./queue-state";
import { VoiceRecorder } from "./voice-recorder";
import { WaveformPlayer, type PlayerHandle } from "./waveform-player";

export type VoiceMode = "redo" | "record" | null;

const textarea =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500";

/** Where the audio came from, in words: a voice from a script, a person's recording, or the step's recording. */
export function voiceOrigin(draft: Pick<TPendingVoiceNote, "kind" | "recordedByPerson" | "voiceName" | "voiceId">): string {
  if (draft.recordedByPerson) return "Recorded by a person of your team, replacing the generated audio";
  if (draft.kind === "recorded") return "The step's own recording";
  return `Spoken by the ${draft.voiceName ?? draft.voiceId ?? "sender's"} voice from the script`;
}

/**
 * One pending voice note: the lead, the audio with its waveform (Space plays and pauses), the
 * script and who recorded it, with its decisions: approve, re-record (optionally from an edited
 * script), record your own, reject.
 */
export function VoiceNoteDetail({
  draft,
  mode,
  busy,
  working,
  playerRef,
  onMode,
  onApprove,
  onReRecord,
  onUpload,
  onReject,
}: {
  draft: TPendingVoiceNote;
  mode: VoiceMode;
  busy: boolean;
  /** A re-recording or an upload is under way. */
  working: boolean;
  playerRef: Ref<PlayerHandle>;
  onMode: (mode: VoiceMode) => void;
  onApprove: () => void;
  onReRecord: (script?: string) => void;
  onUpload: (recording: { audio: string; mimeType: string; durationMs: number }) => void;
  onReject: () => void;
}) {
  const [script, setScript] = useState(draft.script ?? "");
  const [seen, setSeen] = useState(draft.script);
  if (draft.script !== seen) {
    setSeen(draft.script);
    setScript(draft.script ?? "");
  }
  const canReRecord = draft.kind === "ai" && draft.script !== null;
  const edited = script.trim() !== (draft.script ?? "").trim();
  const submit = () => onReRecord(edited && script.trim() ? script.trim() : undefined);
  const onScriptKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setScript(draft.script ?? "");
      onMode(null);
    }
  };
  const name = draft.firstName ?? "the lead";
  return (
    <article className="space-y-5" aria-label={`Voice note for ${name}`} data-testid="approval-detail" data-kind="voice-note">
      <LeadSummary draft={draft} />

      <section aria-label="Audio" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Voice note · {formatDuration(draft.durationMs)}</h3>
          <p className="text-xs text-slate-500" data-testid="voice-origin">
            {voiceOrigin(draft)}
          </p>
        </div>
        <WaveformPlayer key={`${draft.id}:${draft.updatedAt}`} ref={playerRef} src={draft.audioUrl} version={`${draft.id}:${draft.updatedAt}`} durationMs={draft.durationMs} label={`the voice note for ${name}`} />
      </section>

      {draft.script !== null && (
        <section aria-labelledby={`${draft.id}-script`} className="space-y-2">
          <h3 id={`${draft.id}-script`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {mode === "redo" ? "Edit the script, then make new audio" : "Script"}
          </h3>
          {mode === "redo" ? (
            <div className="space-y-2">
              <textarea autoFocus aria-label="Script" rows={5} maxLength={2000} value={script} onChange={(event) => setScript(event.target.value)} onKeyDown={onScriptKey} className={textarea} />
              <p className="text-xs text-slate-500">New audio spends AI credits. Ctrl/⌘+Enter makes it, Esc cancels.</p>
              <div className="flex gap-2">
                <Button size="sm" disabled={working || !script.trim()} onClick={submit}>
                  {working ? "Making new audio…" : edited ? "Re-record with this script" : "Re-record"}
                </Button>
                <Button size="sm" variant="ghost" disabled={working} onClick={() => (setScript(draft.script ?? ""), onMode(null))}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200" data-testid="approval-script">
              {draft.script}
            </p>
          )}
        </section>
      )}

      {mode === "record" && <VoiceRecorder busy={working} onUse={onUpload} onCancel={() => onMode(null)} />}

      {mode === null && (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4" role="group" aria-label="Decision">
          <ActionButton variant="primary" shortcut="A" disabled={busy} onClick={onApprove}>
            Approve
          </ActionButton>
          {canReRecord && (
            <ActionButton shortcut="R" disabled={busy || working} onClick={() => onMode("redo")}>
              Re-record
            </ActionButton>
          )}
          <ActionButton disabled={busy || working} onClick={() => onMode("record")}>
            Record your own
          </ActionButton>
          <ActionButton variant="secondary" className="text-red-700" shortcut="X" disabled={busy} onClick={onReject}>
            Reject
          </ActionButton>
        </div>
      )}
    </article>
  );
}
