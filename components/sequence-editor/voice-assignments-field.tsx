"use client";
// A recorded voice note per sender: each sender of the campaign's pool can send its own recording
// (its own voice); senders without one send the step's default recording.
import type { TStepConfig } from "@/server/schemas/sequence";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import type { StepIssue } from "./issues";
import { VoiceSourceField } from "./voice-source-field";

type Assignment = NonNullable<TStepConfig["voiceAssignments"]>[number];
export interface PoolSender {
  id: string;
  name: string;
}

export function VoiceAssignmentsField({
  id,
  assignments,
  senders,
  issues,
  onChange,
}: {
  id: string;
  assignments: readonly Assignment[];
  /** The campaign's sender pool (plus any sender an assignment already names). */
  senders: readonly PoolSender[];
  issues: readonly StepIssue[];
  onChange(assignments: Assignment[] | undefined): void;
}) {
  const problem = (index: number) =>
    issues
      .filter((issue) => issue.field.includes(`voiceAssignments.${index}.`))
      .map((issue) => issue.message)
      .join("; ") || null;
  const general = issues.filter((issue) => issue.field.endsWith("voiceAssignments")).map((issue) => issue.message);
  const names = new Map(senders.map((sender) => [sender.id, sender.name]));
  const options = [...senders, ...assignments.filter((item) => !names.has(item.linkedinAccountId)).map((item) => ({ id: item.linkedinAccountId, name: item.linkedinAccountId }))];
  const unassigned = senders.filter((sender) => !assignments.some((item) => item.linkedinAccountId === sender.id));
  const set = (next: Assignment[]) => onChange(next.length ? next : undefined);
  const change = (index: number, patch: Partial<Assignment>) => set(assignments.map((item, position) => (position === index ? { ...item, ...patch } : item)));

  return (
    <fieldset className="space-y-2" id={id}>
      <legend className="text-sm font-medium text-slate-700">Recordings per sender (optional)</legend>
      <p className="text-xs text-slate-500">
        {assignments.length === 0 ? "Every sender sends the recording above. " : ""}
        Give a sender its own recording so that leads hear that sender&apos;s voice.
      </p>
      {assignments.map((assignment, index) => {
        const error = problem(index);
        return (
          <div key={index} className="space-y-1 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="voice-assignment-row">
            <div className="flex gap-2">
              <Select
                aria-label={`Recording ${index + 1} sender`}
                value={assignment.linkedinAccountId}
                onChange={(event) => change(index, { linkedinAccountId: event.target.value })}
              >
                {options.map((sender) => (
                  <option key={sender.id} value={sender.id}>
                    {sender.name}
                  </option>
                ))}
              </Select>
              <Button variant="ghost" size="sm" aria-label={`Remove recording ${index + 1}`} onClick={() => set(assignments.filter((_item, position) => position !== index))}>
                Remove
              </Button>
            </div>
            <VoiceSourceField
              id={`${id}-${index}-voice`}
              voice={assignment.voice.url || assignment.voice.fileId ? assignment.voice : undefined}
              label={`Recording ${index + 1}`}
              urlLabel={`Recording ${index + 1} URL`}
              invalid={Boolean(error)}
              onChange={(voice) => change(index, { voice: voice ?? { url: "" } })}
            />
            {error && <p className="text-xs text-red-600">{error}</p>}
          </div>
        );
      })}
      {general.length > 0 && <p className="text-xs text-red-600">{general.join("; ")}</p>}
      {unassigned.length > 0 ? (
        <Button variant="secondary" size="sm" onClick={() => set([...assignments, { linkedinAccountId: unassigned[0]!.id, voice: { url: "" } }])}>
          + Recording for a sender
        </Button>
      ) : (
        senders.length === 0 && <p className="text-xs text-slate-500">Add senders to the campaign&apos;s pool to give them their own recordings.</p>
      )}
    </fieldset>
  );
}
