// A refused health action in plain words: the server's message (written for people), and for a
// refusal that passes with time (429, a 409 while a test runs) when to try again.
import { errorCode, errorMessage } from "@/components/ui/trpc-error";

/** "in 3 hours", "in 12 minutes", "in 40 seconds". */
export function formatRetryAfter(seconds: number): string {
  if (seconds >= 5400) return `in ${Math.round(seconds / 3600)} hours`;
  if (seconds >= 3600) return "in an hour";
  if (seconds >= 90) return `in ${Math.round(seconds / 60)} minutes`;
  if (seconds >= 60) return "in a minute";
  return `in ${Math.max(1, Math.round(seconds))} seconds`;
}

export function healthErrorText(error: unknown): string {
  const message = errorMessage(error) ?? "Something went wrong.";
  const retryAfter = (error as { data?: { retryAfterSeconds?: number | null } } | null)?.data?.retryAfterSeconds;
  if (typeof retryAfter === "number" && retryAfter > 0) return `${message.replace(/\.?\s*$/, ".")} Try again ${formatRetryAfter(retryAfter)}.`;
  if (errorCode(error) === "test-running" && !/running/i.test(message)) return `${message} A test is still running; wait for its result.`;
  return message;
}
