"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TDailyCaps, TSenderAccount } from "@/server/schemas/sender";
import { ErrorAlert } from "./error-alert";
import { UsageBar } from "./sender-display";

const DAILY: Array<{ key: keyof TDailyCaps; label: string }> = [
  { key: "invitations", label: "Connection requests" },
  { key: "profileViews", label: "Profile views" },
  { key: "postLikes", label: "Post likes" },
  { key: "follows", label: "Follows" },
  { key: "messages", label: "Messages" },
  { key: "inmails", label: "InMails" },
  { key: "comments", label: "Comments" },
];

function LimitsForm({ sender, onSaved, onCancel }: { sender: TSenderAccount; onSaved: () => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.senders.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
        onSaved();
      },
    }),
  );
  const errors = fieldErrors(update.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const daily: Partial<TDailyCaps> = {};
    for (const { key } of DAILY) daily[key] = Number(form.get(key));
    const weekly = String(form.get("weeklyInvitations") ?? "").trim();
    update.mutate({ id: sender.id, changes: { limits: { daily, weeklyInvitations: weekly === "" ? null : Number(weekly) } } });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 p-4" aria-label="Change limits" noValidate>
      <ErrorAlert
        error={update.error}
        shownFields={[...DAILY.map(({ key }) => `changes.limits.daily.${key}`), "changes.limits.weeklyInvitations"]}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Per day</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {DAILY.map(({ key, label }) => (
            <Field key={key} label={label} htmlFor={`cap-${key}`} error={errors[`changes.limits.daily.${key}`]}>
              <Input id={`cap-${key}`} name={key} type="number" min={0} max={1000} step={1} required defaultValue={sender.limits.daily[key]} />
            </Field>
          ))}
        </div>
      </fieldset>
      <Field
        label="Connection requests per week"
        htmlFor="cap-weekly"
        error={errors["changes.limits.weeklyInvitations"]}
        hint="Leave empty to follow the workspace's limit for this plan."
      >
        <Input id="cap-weekly" name="weeklyInvitations" type="number" min={0} max={1000} step={1} defaultValue={sender.limits.weeklyInvitations} className="max-w-40" />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save limits"}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function LimitsCard({ sender, canEdit }: { sender: TSenderAccount; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const { usage, limits } = sender;
  return (
    <Card
      title="Limits and usage"
      description={`Counted per day and per week (Monday to Sunday) in ${usage.timezone}; today is ${usage.day.date}.`}
      actions={
        canEdit && !editing ? (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0 whitespace-nowrap"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Change limits
          </Button>
        ) : undefined
      }
    >
      <div className="space-y-5">
        {saved && <Alert tone="success">Limits saved.</Alert>}
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {DAILY.map(({ key, label }) => (
            <UsageBar key={key} label={`${label} today`} used={usage.day[key]} cap={limits.daily[key]} />
          ))}
        </div>
        <div className="border-t border-slate-100 pt-4">
          <UsageBar
            label={`Connection requests this week (since ${usage.week.startsOn})`}
            used={usage.week.invitations}
            cap={limits.weeklyInvitations}
            note={limits.weeklyLimitBypassed ? "The workspace bypasses the weekly limit for direct connection requests; campaigns keep it." : undefined}
          />
        </div>
        {editing && (
          <LimitsForm
            sender={sender}
            onSaved={() => {
              setEditing(false);
              setSaved(true);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
        {!canEdit && <p className="text-xs text-slate-500">Only admins and owners can change a sender&apos;s limits.</p>}
      </div>
    </Card>
  );
}
