"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { useUpdateWorkspaceSettings } from "./use-update-workspace-settings";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

interface Saved {
  messageRetentionDays: number | null;
  deliveryLogRetentionDays: number;
}

function RetentionForm({ saved, canEdit }: { saved: Saved; canEdit: boolean }) {
  const [keepForGood, setKeepForGood] = useState(saved.messageRetentionDays === null);
  const [messageDays, setMessageDays] = useState(String(saved.messageRetentionDays ?? 365));
  const [logDays, setLogDays] = useState(String(saved.deliveryLogRetentionDays));
  const { update, done, setDone } = useUpdateWorkspaceSettings();
  const errors = fieldErrors(update.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    update.mutate({ messageRetentionDays: keepForGood ? null : Number(messageDays), deliveryLogRetentionDays: Number(logDays) });
  }

  return (
    <form onSubmit={onSubmit} className="max-w-lg space-y-4" aria-label="Data retention">
      {done && <Alert tone="success">Retention saved.</Alert>}
      {update.error && !errors.messageRetentionDays && !errors.deliveryLogRetentionDays && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <Field
        label="Keep e-mails and LinkedIn messages"
        htmlFor="message-retention"
        error={errors.messageRetentionDays ? `The number of days ${errors.messageRetentionDays}.` : null}
        hint="Older messages, and conversations whose last message is older, are deleted every hour. Leads stay."
      >
        <div className="flex flex-wrap items-center gap-2">
          <Select id="message-retention" className="w-auto" value={keepForGood ? "forever" : "days"} disabled={!canEdit} onChange={(event) => setKeepForGood(event.target.value === "forever")}>
            <option value="forever">For good</option>
            <option value="days">For a number of days</option>
          </Select>
          {!keepForGood && (
            <>
              <Input
                aria-label="Days to keep messages"
                type="number"
                min={30}
                max={3650}
                className="w-28"
                value={messageDays}
                disabled={!canEdit}
                aria-invalid={Boolean(errors.messageRetentionDays)}
                onChange={(event) => setMessageDays(event.target.value)}
              />
              <span className="text-sm text-slate-600">days (30 to 3650)</span>
            </>
          )}
        </div>
      </Field>
      <Field
        label="Keep webhook delivery logs"
        htmlFor="delivery-log-retention"
        error={errors.deliveryLogRetentionDays ? `The number of days ${errors.deliveryLogRetentionDays}.` : null}
        hint="What was sent to your webhooks, and how each attempt went. A delivery still being retried is kept until it ends."
      >
        <Select id="delivery-log-retention" className="w-auto" value={logDays} disabled={!canEdit} onChange={(event) => setLogDays(event.target.value)}>
          {[1, 2, 3, 4, 5, 6, 7].map((days) => (
            <option key={days} value={days}>
              {days === 1 ? "1 day" : `${days} days`}
            </option>
          ))}
        </Select>
      </Field>
      {canEdit ? (
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save retention"}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">Only admins and owners can change how long data is kept.</p>
      )}
    </form>
  );
}

/** How long the workspace keeps messages and webhook delivery logs (docs/privacy.md). */
export function RetentionSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspace.current.queryOptions());
  const description = "How long Herald keeps what was said to people, and what it told your webhooks. Shorter is kinder to the people you contact.";
  if (current.isPending) return <Card title="Data retention">Loading…</Card>;
  if (current.error) return <Alert tone="error">{errorMessage(current.error)}</Alert>;
  const { workspace, role } = current.data;
  return (
    <Card title="Data retention" description={description}>
      <RetentionForm saved={workspace.settings} canEdit={role === "owner" || role === "admin"} />
    </Card>
  );
}
