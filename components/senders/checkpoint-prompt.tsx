"use client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { TCheckpoint, TCheckpointAnswer } from "@/server/schemas/sender";
import { formatCountdown } from "@/components/ui/format";
import { useNow } from "@/components/ui/use-now";

const COPY: Record<TCheckpoint["type"], { title: string; body: string }> = {
  "2FA": {
    title: "Enter your two-step verification code",
    body: "LinkedIn asks for the code from the authenticator app (or the text message) of this account's two-step verification.",
  },
  OTP: { title: "Enter the code LinkedIn sent", body: "LinkedIn sent a one-time code by text message or e-mail to confirm it is you." },
  PHONE_REGISTER: {
    title: "Add a phone number",
    body: "LinkedIn asks for a phone number for this account before it lets it sign in. Use the international form, e.g. +14155550123.",
  },
  IN_APP_VALIDATION: {
    title: "Approve the sign-in in your LinkedIn app",
    body: "Open the LinkedIn app on your phone and confirm that it is you signing in. This page continues by itself once you have.",
  },
  CAPTCHA: {
    title: "Complete LinkedIn's security check",
    body: "LinkedIn wants to make sure a person is signing in. Solve the check on LinkedIn's page; this page continues by itself once you have.",
  },
};

function Spinner() {
  return <span aria-hidden="true" className="inline-block size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent" />;
}

/**
 * The live prompt of a LinkedIn verification step, shaped by what answers it: a code, a phone
 * number, an approval in the app, or a page elsewhere. The caller sends answers and polls.
 */
export function CheckpointPrompt({
  checkpoint,
  onAnswer,
  pending,
  answerError,
  notice,
  onRestart,
  restartLabel = "Start over",
}: {
  checkpoint: TCheckpoint;
  onAnswer: (answer: TCheckpointAnswer) => void;
  pending: boolean;
  /** The last answer's problem, shown next to the input (e.g. “LinkedIn rejected that code”). */
  answerError?: string | null;
  notice?: string | null;
  onRestart?: () => void;
  restartLabel?: string;
}) {
  const now = useNow(1000);
  const inputId = useId();
  const [value, setValue] = useState("");
  const remaining = new Date(checkpoint.expiresAt).getTime() - now;
  const expired = checkpoint.expired || remaining <= 0;
  const copy = COPY[checkpoint.type];

  if (expired) {
    return (
      <div className="space-y-4" data-testid="checkpoint-expired">
        <Alert tone="warning">
          <p className="font-medium">The verification step expired</p>
          <p className="mt-0.5">LinkedIn only waits five minutes for an answer. Sign in again to get a new one.</p>
        </Alert>
        {onRestart && <Button onClick={onRestart}>{restartLabel}</Button>}
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = value.trim();
    if (!answer) return;
    onAnswer(checkpoint.input === "phone" ? { phone: answer } : { code: answer });
  }

  const waiting = checkpoint.input === "none" || checkpoint.input === "hosted";
  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-4" data-testid="checkpoint-prompt">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={`${inputId}-title`} className="text-base font-semibold text-slate-900">
            {copy.title}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{copy.body}</p>
        </div>
        <p role="timer" aria-label="Time left to answer" className="shrink-0 rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-600 tabular-nums">
          Expires in {formatCountdown(remaining)}
        </p>
      </div>

      {notice && <Alert tone="success">{notice}</Alert>}

      {(checkpoint.input === "code" || checkpoint.input === "phone") && (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Field
            label={checkpoint.input === "phone" ? "Phone number" : "Verification code"}
            htmlFor={inputId}
            error={answerError}
            hint={checkpoint.input === "phone" ? "International form, starting with + and the country code." : undefined}
          >
            <Input
              id={inputId}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoFocus
              required
              aria-invalid={answerError ? true : undefined}
              aria-describedby={answerError ? `${inputId}-error` : undefined}
              {...(checkpoint.input === "phone"
                ? { type: "tel", autoComplete: "tel", placeholder: "+14155550123" }
                : { inputMode: "numeric" as const, autoComplete: "one-time-code", placeholder: "123456", maxLength: 20, className: "font-mono tracking-widest" })}
            />
          </Field>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={pending || !value.trim()}>
              {pending ? "Checking…" : checkpoint.input === "phone" ? "Send phone number" : "Verify"}
            </Button>
            {checkpoint.canResend && (
              <Button variant="secondary" disabled={pending} onClick={() => onAnswer({ resend: true })}>
                Resend code
              </Button>
            )}
            {checkpoint.canTryAnotherWay && (
              <Button variant="ghost" disabled={pending} onClick={() => onAnswer({ tryAnotherWay: true })}>
                Try another way
              </Button>
            )}
          </div>
        </form>
      )}

      {waiting && (
        <div className="space-y-3">
          {checkpoint.input === "hosted" && checkpoint.url && (
            <a
              href={checkpoint.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-xs hover:bg-brand-700"
            >
              Open the security check
              <span aria-hidden="true">↗</span>
            </a>
          )}
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner />
            {checkpoint.input === "none" ? "Waiting for your approval…" : "Waiting for the security check…"}
          </p>
          {answerError && <Alert tone="error">{answerError}</Alert>}
          {checkpoint.canTryAnotherWay && (
            <Button variant="ghost" size="sm" disabled={pending} onClick={() => onAnswer({ tryAnotherWay: true })}>
              Try another way
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
