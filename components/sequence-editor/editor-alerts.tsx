"use client";
// What the editor says above the canvas: the in-progress lock, a refused save, problems that name
// no single step, and what stands in the way of saving.
import type { FieldIssue } from "@/server/lib/errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Refusal } from "./use-save-sequence";

export function EditorAlerts({
  leadsInProgress,
  refusal,
  generalIssues,
  failingSteps,
  onGoToFirstFailing,
}: {
  leadsInProgress: boolean;
  /** A refusal of the draft as it stands now. */
  refusal: Refusal | null;
  generalIssues: readonly FieldIssue[];
  /** Steps with problems, after a save was asked for (0 otherwise). */
  failingSteps: number;
  onGoToFirstFailing(): void;
}) {
  // The server's message names its first problem; list the others.
  const refusalDetails = (refusal?.issues.general ?? []).filter((issue) => !refusal?.message.includes(issue.message));
  return (
    <div className="mb-3 space-y-2">
      {leadsInProgress && (
        <Alert tone="info">
          Leads are in progress on this campaign. Saved steps cannot be deleted, moved or changed to another kind; you can still edit copy and delays, and add
          steps on open branches.
        </Alert>
      )}
      {refusal && (
        <Alert tone="error">
          <span className="font-medium">Not saved.</span> {refusal.message}
          {refusalDetails.length > 0 && (
            <ul className="mt-1 list-inside list-disc">
              {refusalDetails.map((issue) => (
                <li key={issue.field + issue.message}>{issue.message}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {generalIssues.length > 0 && (
        <Alert tone="error">
          {generalIssues.map((issue) => (
            <p key={issue.field + issue.message}>{issue.message}</p>
          ))}
        </Alert>
      )}
      {failingSteps > 0 && (
        <Alert tone="warning">
          <span>
            Fix the {failingSteps === 1 ? "step" : `${failingSteps} steps`} marked on the canvas before saving.{" "}
            <Button variant="ghost" size="sm" onClick={onGoToFirstFailing}>
              Go to the first one
            </Button>
          </span>
        </Alert>
      )}
    </div>
  );
}
