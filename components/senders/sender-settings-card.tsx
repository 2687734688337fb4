"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TSenderAccount } from "@/server/schemas/sender";
import { ErrorAlert } from "./error-alert";

/** The sender's label, the timezone its days and weeks are counted in, and its voice. */
export function SenderSettingsCard({ sender }: { sender: TSenderAccount }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [timezone, setTimezone] = useState(sender.timezone);
  const [voiceId, setVoiceId] = useState(sender.voiceId ?? "");
  const update = useMutation(
    trpc.senders.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
      },
    }),
  );
  const errors = fieldErrors(update.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    // The voice is sent only when changed: saving the label must not depend on the speech provider.
    const voiceChange = (voiceId || null) !== sender.voiceId ? { voiceId: voiceId || null } : {};
    update.mutate({ id: sender.id, changes: { label: String(form.get("label") ?? "").trim(), timezone, ...voiceChange } });
  }
  return (
    <Card title="Settings">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {saved && <Alert tone="success">Saved.</Alert>}
        <ErrorAlert error={update.error} shownFields={["label", "timezone", "voiceId", "changes.label", "changes.timezone", "changes.voiceId"]} />
        <Field label="Label" htmlFor="sender-label" error={errors["changes.label"] ?? errors.label} hint="How your team names this sender in Herald.">
          <Input id="sender-label" name="label" defaultValue={sender.label} maxLength={80} required />
        </Field>
        <Field
          label="Timezone"
          htmlFor="sender-timezone"
          error={errors["changes.timezone"] ?? errors.timezone}
          hint="Daily limits reset at midnight here, and weeks start on Monday."
        >
          <TimeZonePicker id="sender-timezone" name="timezone" value={timezone} onChange={setTimezone} required />
        </Field>
        <VoiceField value={voiceId} onChange={setVoiceId} error={errors["changes.voiceId"] ?? errors.voiceId} />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </form>
    </Card>
  );
}

/** The voice AI voice notes are spoken in, with a short sample to hear it before saving. */
function VoiceField({ value, onChange, error }: { value: string; onChange: (voiceId: string) => void; error?: string }) {
  const trpc = useTRPC();
  const voices = useQuery(trpc.senders.voices.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const sample = useMutation(
    trpc.senders.previewVoice.mutationOptions({
      onSuccess: (played) => {
        void new Audio(played.url).play().catch(() => undefined);
      },
    }),
  );
  const list = voices.data ?? [];
  const fallback = list[0];
  const selected = value || fallback?.id;
  return (
    <Field
      label="Voice for AI voice notes"
      htmlFor="sender-voice"
      error={error ?? (voices.error ? "The voices could not be loaded just now." : sample.error?.message)}
      hint="AI voice notes from this sender are spoken in this voice."
    >
      <div className="flex items-center gap-2">
        <Select id="sender-voice" name="voiceId" className="min-w-0 flex-1" value={value} onChange={(event) => onChange(event.target.value)} disabled={!voices.data}>
          <option value="">{fallback ? `Default voice (${fallback.name})` : "Default voice"}</option>
          {list.map((voice) => (
            <option key={voice.id} value={voice.id}>
              {voice.name}
            </option>
          ))}
          {value && voices.data && !list.some((voice) => voice.id === value) && <option value={value}>A voice no longer offered</option>}
        </Select>
        <Button type="button" variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" disabled={!selected || sample.isPending} onClick={() => selected && sample.mutate({ voiceId: selected })}>
          {sample.isPending ? "Speaking…" : "Play sample"}
        </Button>
      </div>
    </Field>
  );
}
