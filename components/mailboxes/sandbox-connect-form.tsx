"use client";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { optionalValue } from "@/components/senders/connect-forms";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TMailbox } from "@/server/schemas/mailbox";

const SHOWN = ["email", "fromName", "label"];

/** A simulated mailbox on the sandbox mail network: any address, nothing leaves Herald. */
export function SandboxConnectForm({ onConnected }: { onConnected: (mailbox: TMailbox) => void }) {
  const trpc = useTRPC();
  const connect = useMutation(trpc.mailboxes.connect.mutationOptions({ onSuccess: onConnected }));
  const errors = fieldErrors(connect.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    connect.mutate({
      provider: "sandbox",
      email: String(form.get("email") ?? "").trim(),
      fromName: optionalValue(form, "fromName"),
      label: optionalValue(form, "label"),
    });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Connect a sandbox mailbox">
      <p className="text-sm text-slate-600">
        A simulated mailbox on this Herald&apos;s sandbox mail network: e-mails go to simulated prospects who open, click, reply and bounce at
        realistic rates, and nothing leaves Herald. Act as the prospects on the Sandbox page.
      </p>
      <ErrorAlert error={connect.error} shownFields={SHOWN} />
      <Field label="E-mail address" htmlFor="sandbox-email" error={errors.email} hint="Any address: it only exists in the sandbox.">
        <Input
          id="sandbox-email"
          name="email"
          type="email"
          placeholder="you@example.com"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "sandbox-email-error" : undefined}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="From name (optional)" htmlFor="sandbox-from-name" error={errors.fromName} hint="What recipients see as the sender.">
          <Input id="sandbox-from-name" name="fromName" placeholder="Ada Lovelace" maxLength={120} />
        </Field>
        <Field label="Label (optional)" htmlFor="sandbox-label" error={errors.label} hint="How your team names it in Herald.">
          <Input id="sandbox-label" name="label" maxLength={80} />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? "Connecting…" : "Connect sandbox mailbox"}
        </Button>
      </div>
    </form>
  );
}
