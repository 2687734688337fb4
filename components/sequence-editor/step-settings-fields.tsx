"use client";
// Settings of a step that are not copy: withdrawing an unaccepted invitation, what an InMail does
// when it cannot be sent, whether a follow-up e-mail starts a new thread and what an e-mail does for
// leads missing a placeholder's value, the custom variable an "If variable is set" condition looks
// at, the window and the e-mail an "If e-mail opened" or "If link clicked" condition waits on, and a
// recorded voice note's file, and a manual task's kind and due time.
import { Field, Input, Select } from "@/components/ui/field";
import { DEFAULT_ACTIVITY_WINDOW_HOURS, DEFAULT_TASK_DUE_HOURS, DEFAULT_WHEN_VALUE_MISSING, TASK_KINDS, TASK_KIND_LABELS, type TaskKind, type TVoice, type WhenValueMissing } from "@/server/schemas/sequence";
import { DelayField } from "./delay-field";
import type { StepIssue } from "./issues";
import type { StepConfig } from "./variants";
import type { EditorStep } from "./tree";
import { VoiceSourceField } from "./voice-source-field";

export function StepSettingsFields({
  step,
  issues,
  followUp = false,
  customVariables = [],
  emailsAbove = [],
  onChange,
}: {
  step: EditorStep;
  issues: readonly StepIssue[];
  /** Custom variable names the campaign's leads and copy use, offered for an "If variable is set" condition. */
  customVariables?: readonly string[];
  /** The e-mail steps above the step, nearest first, offered to an "If e-mail opened" or "If link clicked" condition. */
  emailsAbove?: ReadonlyArray<{ id: string; label: string }>;
  /** An e-mail step below another e-mail step: it answers in that e-mail's thread unless it starts a new one. */
  followUp?: boolean;
  onChange(config: Partial<StepConfig>): void;
}) {
  const id = `step-${step.id}`;
  const error = (field: string) => issues.filter((issue) => issue.field === field).map((issue) => issue.message).join("; ") || null;

  if (step.type === "invite") {
    return (
      <div className="space-y-3">
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            checked={step.config.withdrawEnabled ?? false}
            onChange={(event) => onChange({ withdrawEnabled: event.target.checked || undefined })}
          />
          <span>
            Withdraw the invitation when it is not accepted in time
            <span className="block text-xs text-slate-500">Pending invitations count against LinkedIn’s limits; withdrawing frees room.</span>
          </span>
        </label>
        {step.config.withdrawEnabled && (
          <Field label="Withdraw after (days)" htmlFor={`${id}-withdraw-days`} error={error("config.withdrawDays")} hint="1 to 90 days. Default: 14.">
            <Input
              id={`${id}-withdraw-days`}
              type="number"
              min={1}
              max={90}
              placeholder="14"
              value={step.config.withdrawDays ?? ""}
              onChange={(event) => onChange({ withdrawDays: event.target.value === "" ? undefined : Math.round(Number(event.target.value)) })}
            />
          </Field>
        )}
      </div>
    );
  }
  if (step.type === "email") {
    return (
      <div className="space-y-3">
        <EmailThreadField step={step} followUp={followUp} error={error("config.newThread")} onChange={onChange} />
        <Field
          label="Leads missing a value"
          htmlFor={`${id}-when-value-missing`}
          error={error("config.whenValueMissing")}
          hint="For a lead who would get an empty placeholder: no value, and no fallback such as {{company|your team}}. A held lead shows as paused with the reason; resume it once fixed."
        >
          <Select
            id={`${id}-when-value-missing`}
            value={step.config.whenValueMissing ?? DEFAULT_WHEN_VALUE_MISSING}
            onChange={(event) => onChange({ whenValueMissing: event.target.value === DEFAULT_WHEN_VALUE_MISSING ? undefined : (event.target.value as WhenValueMissing) })}
          >
            <option value="send">Send anyway, leaving the value out</option>
            <option value="skip">Skip this e-mail for them</option>
            <option value="hold">Hold the lead until you resume it</option>
          </Select>
        </Field>
      </div>
    );
  }
  if (step.type === "if_email_opened" || step.type === "if_email_clicked") {
    const what = step.type === "if_email_opened" ? "opens" : "clicks a link in";
    return (
      <div className="space-y-3">
        <Field
          label="Which e-mail"
          htmlFor={`${id}-email-step`}
          error={error("config.emailStepId")}
          hint={`Yes as soon as the lead ${what} it; no when the window after it was sent closes first. Only tracked ${step.type === "if_email_opened" ? "opens" : "clicks"} count: the campaign’s tracking must be on.`}
        >
          <Select id={`${id}-email-step`} value={step.config.emailStepId ?? ""} onChange={(event) => onChange({ emailStepId: event.target.value || undefined })}>
            <option value="">Any of the campaign’s e-mails (the window runs from the latest)</option>
            {emailsAbove.map((email) => (
              <option key={email.id} value={email.id}>
                {email.label}
              </option>
            ))}
          </Select>
        </Field>
        <DelayField
          id={`${id}-window`}
          label="Window after the e-mail was sent"
          hours={step.config.windowHours}
          defaultHours={DEFAULT_ACTIVITY_WINDOW_HOURS}
          hint="Up to 30 days. A lead that gets here after the window closed is decided at once. Default: 3 days."
          error={error("config.windowHours")}
          onChange={(hours) => onChange({ windowHours: hours })}
        />
      </div>
    );
  }
  if (step.type === "task") {
    return (
      <div className="space-y-3">
        <Field label="Kind of task" htmlFor={`${id}-task-kind`} error={error("config.taskKind")} hint="Shown in the Tasks queue; a call shows the lead’s phone number when they have a “phone” custom variable.">
          <Select id={`${id}-task-kind`} value={step.config.taskKind ?? "custom"} onChange={(event) => onChange({ taskKind: event.target.value === "custom" ? undefined : (event.target.value as TaskKind) })}>
            {TASK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TASK_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <DelayField
          id={`${id}-due`}
          label="Due within"
          hours={step.config.dueHours}
          defaultHours={DEFAULT_TASK_DUE_HOURS}
          hint="After this the task shows as overdue; the lead keeps waiting for it. Up to 30 days. Default: 1 day."
          error={error("config.dueHours")}
          onChange={(hours) => onChange({ dueHours: hours })}
        />
      </div>
    );
  }
  if (step.type === "if_has_variable") {
    return (
      <Field
        label="Custom variable"
        htmlFor={`${id}-variable`}
        error={error("config.variable")}
        hint="Yes when the lead has a value for it (imported with the lead, or set on the campaign lead), no otherwise. Its name as in {{name}}."
      >
        <Input
          id={`${id}-variable`}
          list={`${id}-variable-names`}
          maxLength={60}
          placeholder="phone"
          value={step.config.variable ?? ""}
          onChange={(event) => onChange({ variable: event.target.value.trim() === "" ? undefined : event.target.value.trim() })}
        />
        <datalist id={`${id}-variable-names`}>
          {customVariables.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </Field>
    );
  }
  if (step.type === "inmail") {
    return (
      <Field
        label="When the InMail cannot be sent"
        htmlFor={`${id}-when-unable`}
        error={error("config.whenUnable")}
        hint="No InMail credits and the lead is not an open profile."
      >
        <Select id={`${id}-when-unable`} value={step.config.whenUnable ?? "auto"} onChange={(event) => onChange({ whenUnable: event.target.value as StepConfig["whenUnable"] })}>
          <option value="auto">Automatic: pause the sender when out of credits, else continue on No reply</option>
          <option value="pause">Always pause the sender</option>
          <option value="skip">Always continue on No reply</option>
        </Select>
      </Field>
    );
  }
  return null;
}

/** A recorded voice note's file (variant content): a voice note step's recording, or one sent with a message. */
export function VoiceField({
  id,
  voice,
  optional,
  issues,
  onChange,
}: {
  id: string;
  voice: TVoice | undefined;
  optional: boolean;
  issues: readonly StepIssue[];
  onChange(voice: TVoice | undefined): void;
}) {
  const error = issues.map((issue) => issue.message).join("; ") || null;
  return (
    <Field
      label={optional ? "Voice note (optional)" : "Recording"}
      htmlFor={id}
      error={error}
      hint={
        optional
          ? "Sent with the message as a voice note: record it here, upload an audio file, or give the URL of one Herald fetches."
          : "Sent as a voice note: record it here, upload an audio file, or give the URL of one Herald fetches."
      }
    >
      <VoiceSourceField id={id} voice={voice} label={optional ? "Voice note" : "Recording"} invalid={Boolean(error)} onChange={onChange} />
    </Field>
  );
}

/** Whether a follow-up e-mail answers in the first e-mail's thread or starts its own. */
function EmailThreadField({ step, followUp, error, onChange }: { step: EditorStep; followUp: boolean; error: string | null; onChange(config: Partial<StepConfig>): void }) {
  if (!followUp) {
    return <p className="text-sm text-slate-600">The lead&apos;s first e-mail of this campaign: it starts the thread that follow-up e-mails answer in.</p>;
  }
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
          checked={step.config.newThread ?? false}
          onChange={(event) => onChange({ newThread: event.target.checked || undefined })}
        />
        <span>
          Start a new thread
          <span className="block text-xs text-slate-500">
            Sent as a new e-mail with its own subject. Otherwise it is a reply in the thread of the lead&apos;s first e-mail (“Re:” its subject), as a
            person&apos;s follow-up would be.
          </span>
        </span>
      </label>
      {error && (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
