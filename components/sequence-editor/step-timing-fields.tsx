"use client";
// The delays of a step, in the terms of its branches: how long to wait for a reply or an
// acceptance, and how long to wait after an outcome before the next step.
import { BRANCH_MEANING, BRANCHING_STEPS, REPLY_STEPS } from "@/server/schemas/sequence";
import { DEFAULT_REPLY_WINDOW_HOURS } from "@/server/domain/sequence/step-timing";
import { DelayField } from "./delay-field";
import type { StepIssue } from "./issues";
import { defaultAcceptanceHours } from "./timing";
import type { EditorStep } from "./tree";

type Delays = Pick<EditorStep, "nextDelayHours" | "branchDelays">;

export function StepTimingFields({ step, issues, onChange }: { step: EditorStep; issues: readonly StepIssue[]; onChange(delays: Delays): void }) {
  const id = `step-${step.id}`;
  const error = (field: string) => issues.filter((issue) => issue.field === field).map((issue) => issue.message).join("; ") || null;
  const setBranch = (branch: "yes" | "no", hours: number | undefined) =>
    onChange({ nextDelayHours: step.nextDelayHours, branchDelays: { ...step.branchDelays, [branch]: hours } });
  const meaning = BRANCH_MEANING[step.type];

  if (step.type === "invite") {
    return (
      <>
        <DelayField
          key={`${id}-accept`}
          id={`${id}-acceptance`}
          label="Wait for acceptance"
          hours={step.branchDelays?.no}
          defaultHours={defaultAcceptanceHours(step)}
          hint={`Then the lead takes the Not accepted branch${step.config.withdrawEnabled ? " and the invitation is withdrawn" : ""}. Default: the withdrawal delay, else 14 days.`}
          error={error("branchDelays.no")}
          onChange={(hours) => setBranch("no", hours)}
        />
        <DelayField
          key={`${id}-after-yes`}
          id={`${id}-after-accepted`}
          label="After acceptance, wait"
          hours={step.branchDelays?.yes}
          defaultHours={0}
          hint="Before the first step on the Accepted branch. Default: right away."
          error={error("branchDelays.yes")}
          onChange={(hours) => setBranch("yes", hours)}
        />
      </>
    );
  }
  if (REPLY_STEPS.has(step.type)) {
    // The engine reads branchDelays.no first, then nextDelayHours: edit the one in effect.
    const usesBranch = step.branchDelays?.no !== undefined;
    return (
      <DelayField
        key={`${id}-reply`}
        id={`${id}-reply-window`}
        label="Wait for a reply"
        hours={usesBranch ? step.branchDelays?.no : step.nextDelayHours}
        defaultHours={DEFAULT_REPLY_WINDOW_HOURS}
        hint="Then the lead takes the No reply branch. A reply ends the sequence. Default: 3 days."
        error={error(usesBranch ? "branchDelays.no" : "nextDelayHours")}
        onChange={(hours) => (usesBranch ? setBranch("no", hours) : onChange({ nextDelayHours: hours, branchDelays: step.branchDelays }))}
      />
    );
  }
  if (BRANCHING_STEPS.has(step.type) && meaning) {
    return (
      <>
        {(["yes", "no"] as const).map((branch) => (
          <DelayField
            key={`${id}-${branch}`}
            id={`${id}-after-${branch}`}
            label={`After “${meaning[branch]}”, wait`}
            hours={step.branchDelays?.[branch]}
            defaultHours={0}
            hint={`Before the first step on the ${meaning[branch]} branch. Default: right away.`}
            error={error(`branchDelays.${branch}`)}
            onChange={(hours) => setBranch(branch, hours)}
          />
        ))}
      </>
    );
  }
  return (
    <DelayField
      key={`${id}-next`}
      id={`${id}-next-delay`}
      label="Wait before the next step"
      hours={step.nextDelayHours}
      defaultHours={0}
      hint="Default: right away."
      error={error("nextDelayHours")}
      onChange={(hours) => onChange({ nextDelayHours: hours, branchDelays: step.branchDelays })}
    />
  );
}
