"use client";
// A recorded voice note's audio: a URL Herald fetches when sending, an audio file uploaded from the
// computer, or a recording made here in the browser (MediaRecorder). Uploads and recordings are kept
// by Herald (files.upload) and named by `fileId`, so nothing needs hosting elsewhere.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TVoice } from "@/server/schemas/sequence";

/** The longest recording a voice note step takes (ZVoice.durationMs). */
const MAX_RECORDING_MS = 300_000;

function formatDuration(milliseconds: number): string {
  // Whole seconds down, as audio players count.
  const seconds = Math.floor(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(blob);
  });
}

/** The uploaded recording with a player (its signed address comes from files.get). */
function UploadedVoice({ voice, label }: { voice: TVoice & { fileId: string }; label: string }) {
  const trpc = useTRPC();
  const file = useQuery({ ...trpc.files.get.queryOptions({ id: voice.fileId }), staleTime: 30 * 60_000 });
  const duration = voice.durationMs ?? file.data?.durationMs ?? null;
  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-600">
        {file.data?.name ?? "Uploaded recording"}
        {duration ? ` · ${formatDuration(duration)}` : ""}
      </p>
      {file.data ? (
        <audio controls preload="none" src={file.data.url} aria-label={label} className="w-full" />
      ) : file.error ? (
        <p className="text-xs text-red-600">{errorMessage(file.error)}</p>
      ) : null}
    </div>
  );
}

export function VoiceSourceField({
  id,
  voice,
  label,
  urlLabel,
  invalid,
  onChange,
}: {
  id: string;
  voice: TVoice | undefined;
  /** Names the recording for screen readers, e.g. "Recording" or "Recording 2". */
  label: string;
  /** The URL box's name when no <label> names it. */
  urlLabel?: string;
  invalid: boolean;
  onChange(voice: TVoice | undefined): void;
}) {
  const trpc = useTRPC();
  const upload = useMutation(trpc.files.upload.mutationOptions());
  const [recording, setRecording] = useState<{ recorder: MediaRecorder; startedAt: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  // A recording ends after renders: it hands its file to the latest onChange, not the one it started with.
  const changeRef = useRef(onChange);
  useEffect(() => {
    changeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      const spent = Date.now() - recording.startedAt;
      setElapsed(spent);
      if (spent >= MAX_RECORDING_MS && recording.recorder.state === "recording") recording.recorder.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [recording]);

  async function keep(blob: Blob, name: string, durationMs?: number) {
    setProblem(null);
    const mimeType = (blob.type || "audio/webm").split(";")[0]!;
    try {
      const file = await upload.mutateAsync({ name, mimeType, content: await toBase64(blob), durationMs });
      changeRef.current({ fileId: file.id, mimeType: file.mimeType, ...(file.durationMs ? { durationMs: Math.min(file.durationMs, MAX_RECORDING_MS) } : {}) });
    } catch (error) {
      setProblem(errorMessage(error) ?? "The recording could not be uploaded");
    }
  }

  async function startRecording() {
    setProblem(null);
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      setProblem("This browser cannot record audio: upload an audio file instead.");
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setProblem("Herald may not use the microphone: allow it in the browser's site settings, or upload an audio file.");
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size) chunks.push(event.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      setRecording(null);
      const durationMs = Math.max(1, Math.min(Date.now() - startedAt, MAX_RECORDING_MS));
      void keep(new Blob(chunks, { type: recorder.mimeType }), `recording-${new Date(startedAt).toISOString().slice(0, 19).replace(/[:T]/g, "-")}.webm`, durationMs);
    };
    recorder.start();
    setElapsed(0);
    setRecording({ recorder, startedAt });
  }

  const busy = upload.isPending || Boolean(recording);
  return (
    <div className="space-y-2" data-testid="voice-source">
      {voice?.fileId ? (
        <UploadedVoice voice={{ ...voice, fileId: voice.fileId }} label={label} />
      ) : (
        <Input
          id={id}
          type="url"
          aria-label={urlLabel}
          placeholder="https://…/note.m4a"
          value={voice?.url ?? ""}
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => onChange(event.target.value ? { ...voice, url: event.target.value, fileId: undefined } : undefined)}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {recording ? (
          <Button size="sm" variant="secondary" onClick={() => recording.recorder.stop()}>
            Stop recording ({formatDuration(elapsed)})
          </Button>
        ) : (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void startRecording()}>
            {voice ? "Record again" : "Record"}
          </Button>
        )}
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
          {voice?.fileId ? "Upload another file" : "Upload an audio file"}
        </Button>
        {voice?.fileId && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onChange(undefined)}>
            Remove
          </Button>
        )}
        {upload.isPending && (
          <span className="text-xs text-slate-500" role="status">
            Uploading…
          </span>
        )}
        <input
          ref={fileInput}
          type="file"
          accept="audio/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={`${label}: audio file to upload`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            if (file.size > 10 * 1024 * 1024) {
              setProblem("The file is larger than 10 MB.");
              return;
            }
            void keep(file, file.name);
          }}
        />
      </div>
      {problem && (
        <p className="text-xs text-red-600" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
