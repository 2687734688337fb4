"use client";
// The editor's right-hand panel: the add-step menu for an open branch, or the form of a step.
import { STEP_LABELS, type StepType } from "@/server/schemas/sequence";
import { stepNumbers } from "@/components/campaigns/sequence-outline";
import { AddStepMenu } from "./add-step-menu";
import type { EmailPreviewContext } from "./email-preview-panel";
import type { ThreadOf } from "./email-preview";
import { firstEmailAbove } from "./email-thread";
import { contentOf } from "./fields";
import { MENU_ORDER } from "./kinds";
import type { StepIssue } from "./issues";
import { moveTargets, retypeOptions } from "./operations";
import { StepPanel } from "./step-panel";
import type { PoolSender } from "./voice-assignments-field";
import { branchTiming } from "./timing";
import { allowedKinds, emailStepsAbove, indexTree, mayNotBeConnected, NOT_CONNECTED_WARNING, openSlots, subtreeIds, type EditorStep, type Slot } from "./tree";
import type { SequenceDraft } from "./use-sequence-draft";

/** The first e-mail a follow-up answers: its variant A's copy, with the ids its seed is made of. */
function threadOf(first: EditorStep): ThreadOf {
  const variant = first.config.variants[0] ?? { id: "a" };
  return { ...contentOf(variant), stepId: first.id, variantId: variant.id ?? "a" };
}

export type PanelState = { kind: "step"; id: string } | { kind: "add"; slot: Slot } | null;

/** "After Accepted of step 2 (Connection request)", for menus and move targets. */
export function describeSlot(steps: readonly EditorStep[], slot: Slot, numbers: ReadonlyMap<string, number>): string {
  if (slot.parentId === null) return "The first step of the sequence";
  const parent = steps.find((step) => step.id === slot.parentId);
  if (!parent) return "An open branch";
  return `After “${branchTiming(parent, slot.branch).meaning}” of step ${numbers.get(parent.id)} (${STEP_LABELS[parent.type]})`;
}

export function SidePanel({
  panel,
  draft,
  issues,
  customVariables,
  senders,
  emailPreview,
  onChoose,
  onDelete,
  onMoved,
  onClose,
}: {
  panel: Exclude<PanelState, null>;
  draft: SequenceDraft;
  issues: ReadonlyMap<string, StepIssue[]>;
  customVariables: readonly string[];
  senders: readonly PoolSender[];
  emailPreview: EmailPreviewContext;
  onChoose(slot: Slot, type: StepType): void;
  onDelete(id: string): void;
  /** A step moved (with its subtree): bring it into view. */
  onMoved(id: string): void;
  onClose(): void;
}) {
  const steps = draft.steps;
  const index = indexTree(steps);
  const numbers = stepNumbers(steps);

  if (panel.kind === "add") {
    return (
      <AddStepMenu
        title={panel.slot.parentId === null ? "Add the first step" : "Add a step"}
        description={describeSlot(steps, panel.slot, numbers)}
        allowed={allowedKinds(steps, panel.slot, index)}
        onChoose={(type) => onChoose(panel.slot, type)}
        onClose={onClose}
      />
    );
  }

  const step = index.byId.get(panel.id);
  if (!step) return null;
  const locked = draft.lockedIds.has(step.id);
  const below = subtreeIds(steps, step.id).length - 1;
  const firstEmail = step.type === "email" ? firstEmailAbove(index, step) : undefined;
  return (
    <StepPanel
      key={step.id}
      step={step}
      number={numbers.get(step.id) ?? 0}
      issues={issues.get(step.id) ?? []}
      warning={mayNotBeConnected(index, step) ? NOT_CONNECTED_WARNING : null}
      locked={locked}
      kinds={locked ? [step.type] : retypeOptions(steps, step.id, MENU_ORDER)}
      moveTargets={locked ? [] : moveTargets(steps, step.id, openSlots(steps)).map((slot) => ({ slot, label: describeSlot(steps, slot, numbers) }))}
      below={below}
      customVariables={customVariables}
      senders={senders}
      emailThreadOf={firstEmail ? threadOf(firstEmail) : null}
      emailsAbove={emailStepsAbove(index, { parentId: step.parent }).map((email) => ({
        id: email.id,
        label: `Step ${numbers.get(email.id) ?? "?"}: ${email.config.variants[0]?.subject?.trim() || "E-mail"}`,
      }))}
      emailPreview={emailPreview}
      onChange={(change) => draft.change(step.id, change)}
      onRetype={(type) => draft.retype(step.id, type)}
      onMove={(slot) => {
        if (draft.move(step.id, slot)) onMoved(step.id);
      }}
      onDelete={() => onDelete(step.id)}
      onClose={onClose}
    />
  );
}
