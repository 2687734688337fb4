"use client";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VOICE_RECORDING_MAX_BYTES } from "@/server/schemas/approvals";
import { formatDuration } from "./queue-state";

const MAX_MS = 5 * 60_000;
const MIN_MS = 500;

type State =
  | { step: "idle" }
  | { step: "asking" }
  | { step: "recording"; startedAt: number }
  | { step: "recorded"; blob: Blob; url: string; durationMs: number };

/** Why the browser would not record, in words a person can act on. */
export function microphoneProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "Your browser blocked the microphone for this site. Allow it (the microphone or lock icon in the address bar, then Allow), and press Start recording again.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No microphone was found. Connect one, or choose one in your system's sound settings, and try again.";
  if (name === "NotReadableError" || name === "AbortError") return "The microphone could not be started; another app may be using it. Close that app and try again.";
  return "Recording could not start in this browser. Try again, or use a recent Chrome, Edge, Firefox or Safari.";
}

function recorderMimeType(): string | undefined {
  const candidates = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * A person's own voice note, recorded in the browser (MediaRecorder): start, stop, listen back,
 * record again, and use it in place of the generated audio. The microphone is released as soon as
 * recording stops, and when the recorder closes.
 */
export function VoiceRecorder({
  busy,
  onUse,
  onCancel,
}: {
  busy: boolean;
  onUse: (recording: { audio: string; mimeType: string; durationMs: number }) => void;
  onCancel: () => void;
}) {
  const [state, setState] = useState<State>({ step: "idle" });
  const [problem, setProblem] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recordedUrl = state.step === "recorded" ? state.url : null;

  useEffect(() => () => {
    if (recordedUrl) URL.revokeObjectURL(recordedUrl);
  }, [recordedUrl]);
  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") recorder.current.stop();
      stream.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );
  useEffect(() => {
    if (state.step !== "recording") return;
    const timer = setInterval(() => {
      const ms = Date.now() - state.startedAt;
      setElapsed(ms);
      if (ms >= MAX_MS) recorder.current?.stop();
    }, 200);
    return () => clearInterval(timer);
  }, [state]);

  async function start() {
    setProblem(null);
    if (typeof window === "undefined" || !window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setProblem("Recording needs Herald to be opened over a secure connection (https, or localhost) in a browser that can use a microphone.");
      return;
    }
    if (typeof MediaRecorder === "undefined") {
      setProblem("This browser cannot record audio. Use a recent Chrome, Edge, Firefox or Safari.");
      return;
    }
    setState({ step: "asking" });
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.current = media;
      const mimeType = recorderMimeType();
      const next = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      const startedAt = Date.now();
      next.ondataavailable = (event) => {
        if (event.data.size) chunks.push(event.data);
      };
      next.onstop = () => {
        media.getTracks().forEach((track) => track.stop());
        stream.current = null;
        const durationMs = Math.min(MAX_MS, Date.now() - startedAt);
        const blob = new Blob(chunks, { type: next.mimeType || mimeType || "audio/webm" });
        if (durationMs < MIN_MS || !blob.size) {
          setProblem("That recording was too short. Record at least a second.");
          setState({ step: "idle" });
        } else if (blob.size > VOICE_RECORDING_MAX_BYTES) {
          setProblem("That recording is larger than 5 MB. Record a shorter one.");
          setState({ step: "idle" });
        } else setState({ step: "recorded", blob, url: URL.createObjectURL(blob), durationMs });
      };
      recorder.current = next;
      next.start(250);
      setElapsed(0);
      setState({ step: "recording", startedAt });
    } catch (error) {
      setProblem(microphoneProblem(error));
      setState({ step: "idle" });
    }
  }

  async function use() {
    if (state.step !== "recorded") return;
    const audio = await toBase64(state.blob);
    onUse({ audio, mimeType: state.blob.type || "audio/webm", durationMs: Math.max(MIN_MS, Math.round(state.durationMs)) });
  }

  return (
    <section aria-label="Record your own voice note" className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-slate-200" data-testid="voice-recorder">
      <p className="text-sm text-slate-600">Record the note in your own voice; it replaces the generated audio and still waits for approval.</p>
      {problem && <Alert tone="error">{problem}</Alert>}
      {state.step === "recording" && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-red-700">
          <span className="size-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
          Recording… <span className="tabular-nums">{formatDuration(elapsed)}</span>
          <span className="font-normal text-slate-500">(up to 5:00)</span>
        </p>
      )}
      {state.step === "recorded" && (
        <div className="space-y-1">
          <p className="text-xs text-slate-500">Listen back ({formatDuration(state.durationMs)}):</p>
          <audio controls src={state.url} className="w-full" aria-label="Your recording" />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {state.step === "recording" ? (
          <Button variant="danger" onClick={() => recorder.current?.stop()}>
            Stop
          </Button>
        ) : state.step === "recorded" ? (
          <>
            <Button onClick={use} disabled={busy}>
              {busy ? "Uploading…" : "Use this recording"}
            </Button>
            <Button variant="secondary" onClick={start} disabled={busy}>
              Record again
            </Button>
          </>
        ) : (
          <Button onClick={start} disabled={state.step === "asking"}>
            {state.step === "asking" ? "Waiting for the microphone…" : "Start recording"}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={busy || state.step === "recording"}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
