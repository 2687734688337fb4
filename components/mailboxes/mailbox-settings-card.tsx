"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { fieldErrors } from "@/components/ui/trpc-error";
import { MAILBOX_DAILY_LIMIT_MAX, type TMailbox } from "@/server/schemas/mailbox";

const textareaClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 aria-invalid:ring-red-500";

/** The server's field names, as the tRPC input nests them, for each input of the form. */
const FIELD = {
  label: "label",
  fromName: "fromName",
  daily: "dailyLimit",
  signature: "signature",
  timezone: "timezone",
} as const;
const SHOWN = Object.values(FIELD).flatMap((field) => [field, `changes.${field}`]);

/** Problems found before sending, in the same words the server would use. */
function checkLocally(values: { label: string; daily: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.label.trim()) problems[FIELD.label] = "must not be empty";
  const daily = Number(values.daily);
  if (values.daily.trim() === "" || !Number.isInteger(daily) || daily < 1 || daily > MAILBOX_DAILY_LIMIT_MAX) {
    problems[FIELD.daily] = `must be a whole number from 1 to ${MAILBOX_DAILY_LIMIT_MAX}`;
  }
  return problems;
}

/** What a person may change on a mailbox: names, the daily limit, the signature, tracking, the day's time zone. */
export function MailboxSettingsCard({ mailbox }: { mailbox: TMailbox }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [timezone, setTimezone] = useState(mailbox.timezone);
  const [local, setLocal] = useState<Record<string, string>>({});
  const update = useMutation(
    trpc.mailboxes.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() });
      },
    }),
  );
  const server = fieldErrors(update.error);
  const error = (field: string) => local[field] ?? server[`changes.${field}`] ?? server[field];
  const invalid = (id: string, field: string) => (error(field) ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const values = {
      label: String(form.get("label") ?? ""),
      fromName: String(form.get("fromName") ?? "").trim(),
      daily: String(form.get("daily") ?? ""),
      signature: String(form.get("signature") ?? ""),
    };
    const problems = checkLocally(values);
    setLocal(problems);
    if (Object.keys(problems).length) return;
    update.mutate({
      id: mailbox.id,
      changes: {
        label: values.label.trim(),
        fromName: values.fromName || null,
        dailyLimit: Number(values.daily),
        signature: values.signature.trim() ? values.signature : null,
        trackOpens: form.get("trackOpens") === "on",
        trackClicks: form.get("trackClicks") === "on",
        timezone,
      },
    });
  }

  return (
    <Card title="Settings">
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Mailbox settings">
        {saved && <Alert tone="success">Saved.</Alert>}
        <ErrorAlert error={update.error} shownFields={SHOWN} />
        <Field label="Label" htmlFor="mailbox-label" error={error(FIELD.label)} hint="How your team names this mailbox in Herald.">
          <Input id="mailbox-label" name="label" defaultValue={mailbox.label} maxLength={80} required {...invalid("mailbox-label", FIELD.label)} />
        </Field>
        <Field label="From name" htmlFor="mailbox-from-name" error={error(FIELD.fromName)} hint="What recipients see as the sender; empty shows the address alone.">
          <Input id="mailbox-from-name" name="fromName" defaultValue={mailbox.fromName ?? ""} maxLength={120} {...invalid("mailbox-from-name", FIELD.fromName)} />
        </Field>
        <Field
          label="Daily limit"
          htmlFor="mailbox-daily"
          error={error(FIELD.daily)}
          hint="Campaign e-mails a day, counted from midnight in the time zone below. New cold mailboxes do best under 50."
        >
          <Input id="mailbox-daily" name="daily" type="number" min={1} max={MAILBOX_DAILY_LIMIT_MAX} step={1} defaultValue={mailbox.limits.daily} className="max-w-32" required {...invalid("mailbox-daily", FIELD.daily)} />
        </Field>
        <Field label="Signature" htmlFor="mailbox-signature" error={error(FIELD.signature)} hint="Added under every campaign e-mail from this mailbox. Plain text.">
          <textarea
            id="mailbox-signature"
            name="signature"
            rows={4}
            defaultValue={mailbox.signature ?? ""}
            className={textareaClass}
            placeholder={"Ada Lovelace\nAnalytical Engines Ltd"}
            {...invalid("mailbox-signature", FIELD.signature)}
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Tracking</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" name="trackOpens" defaultChecked={mailbox.trackOpens} className="mt-0.5 size-4 rounded border-slate-300" />
            <span>
              Track opens
              <span className="block text-xs text-slate-500">Where the campaign tracks opens too: a tiny image tells Herald when the e-mail is opened.</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" name="trackClicks" defaultChecked={mailbox.trackClicks} className="mt-0.5 size-4 rounded border-slate-300" />
            <span>
              Track clicks
              <span className="block text-xs text-slate-500">Where the campaign tracks clicks too: links pass through Herald on their way.</span>
            </span>
          </label>
        </fieldset>
        <Field label="Timezone" htmlFor="mailbox-timezone" error={error(FIELD.timezone)} hint="The daily limit resets at midnight here.">
          <TimeZonePicker id="mailbox-timezone" name="timezone" value={timezone} onChange={setTimezone} required />
        </Field>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save settings"}
        </Button>
      </form>
    </Card>
  );
}
