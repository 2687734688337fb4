"use client";
// The side panel for one step: its copy per A/B variant with placeholders, its settings, its
// delays, and (unless leads lock it) its kind, place and deletion.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { DEFAULT_WHEN_VALUE_MISSING, EMAIL_ACTIVITY_CONDITIONS, STEP_LABELS, type StepType, type TVariantContent } from "@/server/schemas/sequence";
import { replySubject } from "@/server/domain/sequence/decide-email-step";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AttachmentsField } from "./attachments-field";
import { CopyField } from "./copy-field";
import { EmailPreviewPanel, type EmailPreviewContext } from "./email-preview-panel";
import { ATTACHMENT_KINDS, COPY_FIELDS, VOICE_KINDS, hasCopy, type CopyFieldSpec, type TextField } from "./fields";
import { mergeFieldsOf, type ThreadOf } from "./email-preview";
import { describeGap, placeholderGaps } from "./placeholder-gaps";
import { issuesForField, type StepIssue } from "./issues";
import { APPROVAL_NOTES } from "./kinds";
import { PlaceholderPicker } from "./placeholder-picker";
import { StepIcon } from "./step-icon";
import { StepSettingsFields, VoiceField } from "./step-settings-fields";
import { AI_LINE_STEPS, assumedAiFields } from "@/server/domain/sequence/ai-lines";
import type { MergeFields } from "@/server/domain/sequence/render-copy";
import { AiLinesField } from "./ai-lines-field";
import { StepStructureFields, type MoveTarget } from "./step-structure-fields";
import { StepTimingFields } from "./step-timing-fields";
import type { EditorStep, Slot } from "./tree";
import { addVariant, removeVariant, setVariantContent } from "./variants";
import { VariantTabs } from "./variant-tabs";
import { VoiceAssignmentsField, type PoolSender } from "./voice-assignments-field";

/** Issues the panel shows next to a field; the others are listed at its top. */
const SHOWN_BY_FIELDS = /^(config\.variants\.\d+\..+|config\.(text|fallbackText|html|note|fallbackNote|subject|fallbackSubject|script|fallbackScript|prompt|attachments|voice|voiceAssignments)(\..+)?|config\.aiVariables(\..+)?|config\.aiApproval|config\.withdrawDays|config\.whenUnable|config\.newThread|config\.whenValueMissing|config\.variable|config\.windowHours|config\.emailStepId|config\.taskKind|config\.dueHours|nextDelayHours|branchDelays\.(yes|no))$/;

/** An in-thread follow-up's copy fields: its subject (and fallback subject) behind a button, used only when the lead got no earlier e-mail. */
function followUpFields(fields: readonly CopyFieldSpec[]): CopyFieldSpec[] {
  const hint = "Used only when the lead got no earlier e-mail of this campaign (say the first one was skipped); left empty, the first e-mail's subject is used.";
  return fields.map((spec) =>
    spec.name === "subject" ? { ...spec, required: false, hint, addLabel: "Give it a subject of its own" } : spec.name === "fallbackSubject" ? { ...spec, addLabel: "Add a fallback subject" } : spec,
  );
}

/** A lead's values with its AI lines as the forecast assumes them: written when something is known of the lead. */
function withAssumedAiLines(step: EditorStep, variant: TVariantContent, fields: MergeFields): MergeFields {
  return { ...fields, ...assumedAiFields(step, variant, fields) };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-200 px-4 py-4">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

export function StepPanel({
  step,
  number,
  issues,
  warning,
  locked,
  kinds,
  moveTargets,
  below,
  customVariables,
  senders,
  emailThreadOf,
  emailsAbove,
  emailPreview,
  onChange,
  onRetype,
  onMove,
  onDelete,
  onClose,
}: {
  step: EditorStep;
  number: number;
  issues: readonly StepIssue[];
  /** A warning that does not block saving, or null. */
  warning: string | null;
  locked: boolean;
  kinds: readonly StepType[];
  moveTargets: readonly MoveTarget[];
  below: number;
  customVariables: readonly string[];
  /** The campaign's sender pool, for recordings per sender. */
  senders: readonly PoolSender[];
  /** An e-mail step's first e-mail above it (variant A), whose thread a follow-up answers; null for the first e-mail. */
  emailThreadOf: ThreadOf | null;
  /** The e-mail steps above the step, nearest first (an e-mail activity condition asks about one of them). */
  emailsAbove: ReadonlyArray<{ id: string; label: string }>;
  /** Leads and mailboxes for an e-mail step's preview. */
  emailPreview: EmailPreviewContext;
  onChange(change: (step: EditorStep) => EditorStep): void;
  onRetype(type: StepType): void;
  onMove(slot: Slot): void;
  onDelete(): void;
  onClose(): void;
}) {
  const [active, setActive] = useState(0);
  /** Optional fields opened with their "Add …" button while still empty. */
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const variantIndex = Math.min(active, step.config.variants.length - 1);
  const variant: TVariantContent = step.config.variants[variantIndex] ?? { id: "a" };
  const lastField = useRef<{ variant: number; field: TextField; element: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = `step-${step.id}`;
  // A follow-up in the first e-mail's thread is sent as "Re: " of its subject: its own is optional.
  const repliesInThread = step.type === "email" && emailThreadOf !== null && !step.config.newThread;
  const copyFields = repliesInThread ? followUpFields(COPY_FIELDS.email) : COPY_FIELDS[step.type];
  const gaps = placeholderGaps({ type: step.type, variant, leads: emailPreview.leads.map((lead) => withAssumedAiLines(step, variant, mergeFieldsOf(lead))), replies: repliesInThread });
  const fieldId = (field: string) => `${id}-v${variantIndex}-${field}`;

  useEffect(() => {
    heading.current?.focus();
  }, [step.id]);

  const setContent = (patch: Partial<Omit<TVariantContent, "id">>) => onChange((current) => setVariantContent(current, variantIndex, patch));

  const insertPlaceholder = (name: string) => {
    // The field last focused, if it is still one of this variant's (a retype can remove it).
    const remembered = lastField.current?.variant === variantIndex && copyFields.some((spec) => spec.name === lastField.current?.field) ? lastField.current : null;
    const field = remembered?.field ?? copyFields[0]?.name;
    if (!field) return;
    const element = remembered?.element ?? (document.getElementById(fieldId(field)) as HTMLInputElement | HTMLTextAreaElement | null);
    const value = (variant[field] as string | undefined) ?? "";
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const token = `{{${name}}}`;
    setContent({ [field]: value.slice(0, start) + token + value.slice(end) });
    // Back to the field after the chip's click, unless the person (or a test's next fill) has moved
    // on to another field meanwhile: focusing it then would send their typing into this one.
    const focusedAtClick = document.activeElement;
    requestAnimationFrame(() => {
      if (document.activeElement !== focusedAtClick && document.activeElement !== document.body) return;
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const unplaced = issues.filter((issue) => !SHOWN_BY_FIELDS.test(issue.field));
  const variantsWithIssues = new Set(
    issues.flatMap((issue) => {
      const match = /^config\.variants\.(\d+)\./.exec(issue.field);
      return match ? [Number(match[1])] : /^config\.[a-zA-Z]+/.test(issue.field) && !/withdrawDays|whenUnable|newThread|whenValueMissing|variable|aiVariables|aiApproval/.test(issue.field) ? [0] : [];
    }),
  );
  const attachmentIssues = issues.filter(
    (issue) => issue.field.startsWith(`config.variants.${variantIndex}.attachments`) || (variantIndex === 0 && issue.field.startsWith("config.attachments")),
  );

  const copy = (
    <>
      {copyFields.map((spec) =>
        spec.addLabel && !variant[spec.name] && !opened.has(`${variantIndex}-${spec.name}`) ? (
          <Button key={`${variantIndex}-${spec.name}`} variant="ghost" size="sm" onClick={() => setOpened(new Set(opened).add(`${variantIndex}-${spec.name}`))}>
            + {spec.addLabel}
          </Button>
        ) : (
        <CopyField
          key={`${variantIndex}-${spec.name}`}
          id={fieldId(spec.name)}
          spec={spec}
          value={(variant[spec.name] as string | undefined) ?? ""}
          issues={issuesForField(issues, variantIndex, spec.name)}
          onChange={(value) => setContent({ [spec.name]: value })}
          onFocus={(element) => {
            lastField.current = { variant: variantIndex, field: spec.name, element };
          }}
        />
        ),
      )}
      {repliesInThread && (
        <p className="text-xs text-slate-600" data-testid="reply-subject-note">
          Sent as a reply: <span className="font-medium text-slate-800">“{replySubject(emailThreadOf?.subject?.trim() || "…")}”</span>, the first e-mail&apos;s subject.
        </p>
      )}
      {gaps.length > 0 && (
        <Alert tone="warning">
          <ul className="space-y-1" data-testid="placeholder-gaps">
            {gaps.map((gap) => (
              <li key={gap.name}>{describeGap(gap, emailPreview.leads.length, emailPreview.totalLeads)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {copyFields.length > 0 && <PlaceholderPicker customVariables={customVariables} onInsert={insertPlaceholder} />}
      {VOICE_KINDS.has(step.type) && (
        <VoiceField
          id={fieldId("voice")}
          voice={variant.voice}
          optional={step.type !== "voice_note" || Boolean(step.config.voiceAssignments?.length)}
          issues={issuesForField(issues, variantIndex, "voice").concat(issues.filter((issue) => issue.field.startsWith(`config.variants.${variantIndex}.voice.`)))}
          onChange={(voice) => setContent({ voice })}
        />
      )}
      {ATTACHMENT_KINDS.has(step.type) && (
        <AttachmentsField id={fieldId("attachments")} attachments={variant.attachments ?? []} issues={attachmentIssues} onChange={(attachments) => setContent({ attachments })} />
      )}
    </>
  );

  return (
    <div className="flex h-full flex-col" data-testid="step-panel">
      <header className="flex items-start gap-3 px-4 py-4">
        <span className="mt-0.5 flex size-8 items-center justify-center rounded-md bg-brand-50 text-brand-700">
          <StepIcon type={step.type} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
            {STEP_LABELS[step.type]}
          </h2>
          <p className="text-xs text-slate-500">Step #{number}</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close the step panel" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </header>
      <div className="space-y-2 px-4 pb-3">
        {APPROVAL_NOTES[step.type] && (
          <p className="text-xs text-slate-600" data-testid="step-approval-note">
            {APPROVAL_NOTES[step.type]}
          </p>
        )}
        {warning && (
          <Alert tone="warning">
            <span data-testid="step-warning">{warning}</span> Put it below an invitation&apos;s &ldquo;Accepted&rdquo; branch, or use an InMail, to reach every lead.
          </Alert>
        )}
        {unplaced.length > 0 && (
          <Alert tone="error">
            <ul className="list-inside list-disc">
              {unplaced.map((issue) => (
                <li key={issue.field + issue.message}>{issue.message}</li>
              ))}
            </ul>
          </Alert>
        )}
      </div>

      {hasCopy(step.type) && (
        <Section title="Copy">
          <VariantTabs
            idPrefix={id}
            count={step.config.variants.length}
            active={variantIndex}
            withIssues={variantsWithIssues}
            onSelect={setActive}
            onAdd={() => {
              onChange((current) => addVariant(current));
              setActive(step.config.variants.length);
            }}
            onRemove={(index) => {
              onChange((current) => removeVariant(current, index));
              setActive(Math.max(0, index - 1));
            }}
          >
            {copy}
          </VariantTabs>
        </Section>
      )}

      {(step.type === "invite" || step.type === "inmail" || step.type === "if_has_variable" || step.type === "task" || EMAIL_ACTIVITY_CONDITIONS.has(step.type)) && (
        <Section title="Settings">
          <StepSettingsFields
            step={step}
            issues={issues}
            customVariables={customVariables}
            emailsAbove={emailsAbove}
            onChange={(config) => onChange((current) => ({ ...current, config: { ...current.config, ...config } }))}
          />
        </Section>
      )}

      {AI_LINE_STEPS.has(step.type) && (
        <Section title="AI lines">
          <AiLinesField
            id={id}
            campaignId={emailPreview.campaignId}
            stepId={step.id}
            variantId={variant.id}
            config={step.config}
            issues={issues}
            onChange={(config) => onChange((current) => ({ ...current, config: { ...current.config, ...config } }))}
          />
        </Section>
      )}

      {step.type === "email" && (
        <Section title="Settings">
          <StepSettingsFields
            step={step}
            issues={issues}
            followUp={emailThreadOf !== null}
            onChange={(config) => onChange((current) => ({ ...current, config: { ...current.config, ...config } }))}
          />
        </Section>
      )}

      {step.type === "email" && (
        <Section title="Preview">
          <EmailPreviewPanel
            idPrefix={id}
            stepId={step.id}
            variant={variant}
            threadOf={emailThreadOf && !step.config.newThread ? emailThreadOf : null}
            whenValueMissing={step.config.whenValueMissing ?? DEFAULT_WHEN_VALUE_MISSING}
            context={emailPreview}
          />
        </Section>
      )}

      {step.type === "voice_note" && (
        <Section title="Senders' own recordings">
          <VoiceAssignmentsField
            id={`${id}-voice-assignments`}
            assignments={step.config.voiceAssignments ?? []}
            senders={senders}
            issues={issues.filter((issue) => issue.field.startsWith("config.voiceAssignments"))}
            onChange={(voiceAssignments) => onChange((current) => ({ ...current, config: { ...current.config, voiceAssignments } }))}
          />
        </Section>
      )}

      <Section title="Timing">
        <StepTimingFields step={step} issues={issues} onChange={(delays) => onChange((current) => ({ ...current, ...delays }))} />
      </Section>

      <Section title="Structure">
        <StepStructureFields stepId={step.id} type={step.type} locked={locked} kinds={kinds} moveTargets={moveTargets} below={below} onRetype={onRetype} onMove={onMove} onDelete={onDelete} />
      </Section>
    </div>
  );
}
