"use client";
// Structural edits of one step: change its kind, move it (with the steps below it) to another open
// branch, delete it. Once leads are in progress a saved step allows none of them, and says why.
import { STEP_LABELS, type StepType } from "@/server/schemas/sequence";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { slotKey, type Slot } from "./tree";

export interface MoveTarget {
  slot: Slot;
  label: string;
}

export function StepStructureFields({
  stepId,
  type,
  locked,
  kinds,
  moveTargets,
  below,
  onRetype,
  onMove,
  onDelete,
}: {
  stepId: string;
  type: StepType;
  locked: boolean;
  /** Kinds this step may become where it stands (its own included). */
  kinds: readonly StepType[];
  moveTargets: readonly MoveTarget[];
  /** Steps below this one, deleted and moved with it. */
  below: number;
  onRetype(type: StepType): void;
  onMove(slot: Slot): void;
  onDelete(): void;
}) {
  const id = `step-${stepId}`;
  if (locked) {
    return (
      <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200" data-testid="structure-locked">
        Leads are on this sequence, so this saved step cannot be deleted, moved or changed to another kind: leads on it would be stranded. You can still edit its
        copy and delays, and add steps on open branches.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <Field label="Kind" htmlFor={`${id}-kind`} hint={kinds.length <= 1 ? "No other kind fits here with the steps below it." : "Only kinds that fit here, with the steps below, are offered."}>
        <Select id={`${id}-kind`} value={type} disabled={kinds.length <= 1} onChange={(event) => onRetype(event.target.value as StepType)}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {STEP_LABELS[kind]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={below ? `Move with the ${below} ${below === 1 ? "step" : "steps"} below to` : "Move to"}
        htmlFor={`${id}-move`}
        hint={moveTargets.length ? "Open branches where this step is allowed." : "No open branch accepts this step."}
      >
        <Select
          id={`${id}-move`}
          value=""
          disabled={!moveTargets.length}
          onChange={(event) => {
            const target = moveTargets.find((candidate) => slotKey(candidate.slot) === event.target.value);
            if (target) onMove(target.slot);
          }}
        >
          <option value="">Choose an open branch…</option>
          {moveTargets.map((target) => (
            <option key={slotKey(target.slot)} value={slotKey(target.slot)}>
              {target.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button variant="danger" size="sm" onClick={onDelete}>
        {below ? `Delete this step and the ${below} below` : "Delete this step"}
      </Button>
    </div>
  );
}
