import { errorCode, errorMessage } from "@/components/ui/trpc-error";

/**
 * A failed decision in plain words. A draft decided meanwhile (by another approver, or withdrawn
 * because its lead moved on) is said as such, with the server's account of what happened.
 */
export function approvalErrorText(error: unknown): string {
  const code = errorCode(error);
  const message = errorMessage(error) ?? "Something went wrong.";
  // The server says what became of it: decided by someone else, or withdrawn as its lead moved on.
  if (code === "already-decided") return message;
  if (code === "not-found") return "This draft no longer exists; the queue was refreshed.";
  if (code === "forbidden") return "Your role does not allow this decision.";
  return message;
}

/** Whether the error says the list on screen is out of date (the draft is gone or decided). */
export function isStale(error: unknown): boolean {
  const code = errorCode(error);
  return code === "already-decided" || code === "not-found";
}
