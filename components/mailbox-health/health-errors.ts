// A refused health action in plain words: the server's message (written for people), and for a
// refusal that passes with time (429, a 409 while a test runs) when to try again.
import { errorCode, errorMessage } from "@/components/ui/trpc-error";
import { formatRetryAfter } from "@/server/domain/retry-after-words";

export { formatRetryAfter };

export function healthErrorText(error: unknown): string {
  const message = errorMessage(error) ?? "Something went wrong.";
  const retryAfter = (error as { data?: { retryAfterSeconds?: number | null } } | null)?.data?.retryAfterSeconds;
  // A message that says when already (the deliverability test's 429 words it the same way) is not repeated.
  if (typeof retryAfter === "number" && retryAfter > 0 && !message.includes(formatRetryAfter(retryAfter))) return `${message.replace(/\.?\s*$/, ".")} Try again ${formatRetryAfter(retryAfter)}.`;
  if (errorCode(error) === "test-running" && !/running/i.test(message)) return `${message} A test is still running; wait for its result.`;
  return message;
}
