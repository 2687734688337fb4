"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";
import { API_MAIL_PROVIDERS, type TMailbox } from "@/server/schemas/mailbox";
import { PROVIDER_LABELS } from "./mailbox-display";

type ApiProvider = (typeof API_MAIL_PROVIDERS)[number];
type Secret = "apiKey" | "secretAccessKey" | "region" | "domain" | "webhookSecret";

/** What each provider asks for, in its own words, and where the person finds it. */
const FIELDS: Record<ApiProvider, Array<{ name: Secret; label: string; hint: string; secret?: boolean; optional?: boolean; placeholder?: string }>> = {
  ses: [
    { name: "apiKey", label: "Access key ID", hint: "Of an IAM user allowed ses:SendEmail and ses:GetAccount (IAM → Users → Security credentials).", placeholder: "AKIA…" },
    { name: "secretAccessKey", label: "Secret access key", hint: "Shown once, when the access key is created.", secret: true },
    { name: "region", label: "AWS region", hint: "Where your SES identities are verified.", placeholder: "eu-west-1" },
    { name: "domain", label: "Configuration set (optional)", hint: "The one that publishes bounces and complaints to your SNS topic.", optional: true },
    { name: "webhookSecret", label: "SNS topic ARN (optional)", hint: "Only events from this topic are taken.", optional: true, placeholder: "arn:aws:sns:eu-west-1:…" },
  ],
  postmark: [
    { name: "apiKey", label: "Server API token", hint: "Your Postmark server → API Tokens.", secret: true },
    {
      name: "webhookSecret",
      label: "Webhook password",
      hint: "Make one up (16 characters or more). You put it in the webhook address you give Postmark; Herald refuses webhooks without it.",
      secret: true,
    },
  ],
  sendgrid: [
    { name: "apiKey", label: "API key", hint: "Settings → API Keys, with Mail Send permission.", secret: true },
    { name: "webhookSecret", label: "Event Webhook verification key", hint: "Settings → Mail Settings → Event Webhook → Signature Verification.", optional: true },
  ],
  mailgun: [
    { name: "apiKey", label: "API key", hint: "Account → API Security.", secret: true },
    { name: "domain", label: "Sending domain", hint: "As set up under Sending → Domains.", placeholder: "mg.example.com" },
    { name: "region", label: "Region", hint: "us or eu: where the domain was created.", placeholder: "us", optional: true },
    { name: "webhookSecret", label: "HTTP webhook signing key", hint: "Sending → Webhooks.", secret: true, optional: true },
  ],
};

const SHOWN = ["email", "fromName", "provider", "apiKey", "secretAccessKey", "region", "domain", "webhookSecret"];

/** A mailbox that sends through an e-mail API provider: its key is checked with the provider before it is saved. */
export function ApiConnectForm({ onConnected }: { onConnected: (mailbox: TMailbox) => void }) {
  const trpc = useTRPC();
  const connect = useMutation(trpc.mailboxes.connect.mutationOptions({ onSuccess: onConnected }));
  const errors = fieldErrors(connect.error);
  const [provider, setProvider] = useState<ApiProvider>("postmark");
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    connect.mutate({
      provider,
      email: String(form.get("email") ?? "").trim(),
      fromName: value("fromName"),
      ...Object.fromEntries(FIELDS[provider].map((field) => [field.name, value(field.name)])),
    });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Connect an e-mail API mailbox">
      <p className="text-sm text-slate-600">
        Herald sends through the provider&apos;s API with your key (kept encrypted, never shown again). Bounces, complaints and replies come back
        through the provider&apos;s webhook: once connected, the mailbox page shows the address to give the provider. Such mailboxes do not take
        part in warmup.
      </p>
      <ErrorAlert error={connect.error} shownFields={SHOWN} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Provider" htmlFor="api-provider" error={errors.provider}>
          <Select id="api-provider" value={provider} onChange={(event) => setProvider(event.target.value as ApiProvider)}>
            {API_MAIL_PROVIDERS.map((name) => (
              <option key={name} value={name}>
                {PROVIDER_LABELS[name]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="E-mail address" htmlFor="api-email" error={errors.email} hint="A sender the provider has verified.">
          <Input id="api-email" name="email" type="email" placeholder="ada@example.com" autoComplete="off" spellCheck={false} aria-invalid={errors.email ? true : undefined} />
        </Field>
      </div>
      <Field label="From name (optional)" htmlFor="api-from-name" error={errors.fromName}>
        <Input id="api-from-name" name="fromName" placeholder="Ada Lovelace" maxLength={120} />
      </Field>
      <fieldset key={provider} className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{PROVIDER_LABELS[provider]}</legend>
        {FIELDS[provider].map((field) => (
          <Field key={field.name} label={field.label} htmlFor={`api-${field.name}`} error={errors[field.name]} hint={field.hint}>
            <Input
              id={`api-${field.name}`}
              name={field.name}
              type={field.secret ? "password" : "text"}
              placeholder={field.placeholder}
              autoComplete={field.secret ? "new-password" : "off"}
              spellCheck={false}
              aria-invalid={errors[field.name] ? true : undefined}
            />
          </Field>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? "Checking the key…" : `Connect ${PROVIDER_LABELS[provider]} mailbox`}
        </Button>
      </div>
    </form>
  );
}
