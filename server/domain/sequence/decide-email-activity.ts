// The conditions on what a lead did with the campaign's e-mails (if_email_opened, if_email_clicked):
// yes as soon as the lead opens the e-mail (clicks a link in it) within the window after it was
// sent, no once the window has closed without it, and until then the lead waits at the condition.
// The executor (resolve-due-waits.ts when the lead is due, on-email-activity.ts when an open or a
// click is recorded) and the forecast (sim-waits.ts, sim-email-events.ts) both ask this. Pure.
import { DEFAULT_ACTIVITY_WINDOW_HOURS, EMAIL_ACTIVITY_CONDITIONS, type WiredStep } from "../../schemas/sequence";
import { answerWindowHours } from "./step-timing";

const HOUR = 3_600_000;

/** One e-mail of the campaign to the lead, as Herald recorded it (tracked opens and clicks only). */
export interface SentEmailActivity {
  stepId: string;
  sentAt: number;
  /** Its first recorded open (a recorded click counts as an open too), or null. */
  openedAt: number | null;
  clickedAt: number | null;
}

export type EmailActivityDecision =
  | { outcome: "yes"; detail: string }
  | { outcome: "no"; detail: string }
  /** Nothing yet and the window is still open: the lead waits at the condition until `until`. */
  | { outcome: "wait"; until: number; detail: string };

export function isEmailActivityCondition(type: string | null | undefined): boolean {
  return typeof type === "string" && EMAIL_ACTIVITY_CONDITIONS.has(type as WiredStep["type"]);
}


/** "48 hours", "3 days": a window in the words the journal and the editor use. */
export function windowInWords(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? "1 day" : `${hours / 24} days`;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/**
 * The condition's answer at `at`, from the lead's e-mails of the campaign recorded so far. The
 * window closes `windowHours` after the e-mail named by `config.emailStepId` was sent (its latest
 * sending, after a soft bounce), or after the latest of them all when the condition names none.
 */
export function decideEmailActivity(step: WiredStep, emails: readonly SentEmailActivity[], at: number): EmailActivityDecision {
  const clicked = step.type === "if_email_clicked";
  const counted = step.config.emailStepId ? emails.filter((email) => email.stepId === step.config.emailStepId) : emails;
  if (!counted.length) {
    return { outcome: "no", detail: step.config.emailStepId ? "The e-mail it asks about was not sent to this lead" : "No e-mail of the campaign was sent to this lead" };
  }
  const hours = answerWindowHours(step) ?? DEFAULT_ACTIVITY_WINDOW_HOURS;
  const closes = Math.max(...counted.map((email) => email.sentAt)) + hours * HOUR;
  const moment = (email: SentEmailActivity) => (clicked ? email.clickedAt : email.openedAt);
  const happened = counted.some((email) => {
    const when = moment(email);
    return when !== null && when <= closes && when <= at;
  });
  if (happened) return { outcome: "yes", detail: clicked ? "Clicked a link" : "Opened the e-mail" };
  if (at < closes) return { outcome: "wait", until: closes, detail: clicked ? "Waiting for a click" : "Waiting for an open" };
  return { outcome: "no", detail: clicked ? `No link clicked within ${windowInWords(hours)}` : `Not opened within ${windowInWords(hours)}` };
}
