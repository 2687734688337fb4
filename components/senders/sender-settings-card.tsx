"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TSenderAccount } from "@/server/schemas/sender";
import { ErrorAlert } from "./error-alert";

/** The sender's label and the timezone its days and weeks are counted in. */
export function SenderSettingsCard({ sender }: { sender: TSenderAccount }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [timezone, setTimezone] = useState(sender.timezone);
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
    update.mutate({ id: sender.id, changes: { label: String(form.get("label") ?? "").trim(), timezone } });
  }
  return (
    <Card title="Settings">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {saved && <Alert tone="success">Saved.</Alert>}
        <ErrorAlert error={update.error} shownFields={["label", "timezone", "changes.label", "changes.timezone"]} />
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
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </form>
    </Card>
  );
}
