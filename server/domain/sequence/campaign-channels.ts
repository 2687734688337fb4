// Which channels a campaign's sequence uses, and so what an active campaign needs: senders for its
// LinkedIn steps, mailboxes for its e-mail steps. One rule for create, update and the dashboard.
import { RECORD_STEPS, type StepType } from "../../schemas/sequence";

export interface SequenceChannels {
  /**
   * Some step acts on LinkedIn or reads it (every kind but `email` and the steps on Herald's records
   * of the lead, RECORD_STEPS); an empty sequence counts as LinkedIn, as before e-mail existed.
   */
  linkedin: boolean;
  email: boolean;
}

export function sequenceChannels(steps: ReadonlyArray<{ type: StepType }>): SequenceChannels {
  const email = steps.some((step) => step.type === "email");
  return { email, linkedin: !steps.length || steps.some((step) => step.type !== "email" && !RECORD_STEPS.has(step.type)) };
}

export interface ActivationIssue {
  field: "linkedinAccountIds" | "emailAccountIds";
  message: string;
  /** The 400's headline, in the words a person reads on the campaign page. */
  summary: string;
}

/**
 * What keeps a campaign from running its sequence: no sender while LinkedIn steps need one, no
 * mailbox while e-mail steps need one. An e-mail-only sequence needs no sender. Empty when it can run.
 */
export function activationIssues(input: { steps: ReadonlyArray<{ type: StepType }>; linkedinAccountIds: readonly string[]; emailAccountIds: readonly string[] }): ActivationIssue[] {
  const channels = sequenceChannels(input.steps);
  const issues: ActivationIssue[] = [];
  if (channels.linkedin && !input.linkedinAccountIds.length) {
    const forSteps = input.steps.length ? " for its LinkedIn steps" : "";
    issues.push({
      field: "linkedinAccountIds",
      message: `must name at least one sender for an active campaign${input.steps.length ? " with LinkedIn steps" : ""}`,
      summary: `Invalid linkedinAccountIds: an active campaign needs at least one sender${forSteps}`,
    });
  }
  if (channels.email && !input.emailAccountIds.length) {
    issues.push({
      field: "emailAccountIds",
      message: "must name at least one mailbox for an active campaign with e-mail steps",
      summary: "Invalid emailAccountIds: an active campaign needs at least one mailbox to send its e-mail steps",
    });
  }
  return issues;
}
