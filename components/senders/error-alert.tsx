import { Alert } from "@/components/ui/alert";
import { fieldErrorText } from "@/components/ui/field-labels";
import { errorCode, errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import { isErrorCode, type ErrorCode } from "@/server/lib/errors";

/** What each error code means, in plain words; the server's message adds the specifics. */
const PLAIN: Partial<Record<ErrorCode, string>> = {
  "invalid-credentials": "LinkedIn did not accept this e-mail and password.",
  "invalid-session": "LinkedIn rejected this session cookie.",
  "proxy-failed": "The proxy did not answer, so the sign-in never reached LinkedIn.",
  "provider-timeout": "LinkedIn answered too slowly. Try again in a moment.",
  "provider-unreachable": "LinkedIn could not be reached. Try again in a moment.",
  "rate-limited": "LinkedIn is throttling this account for now. Try again later.",
  throttled: "LinkedIn is throttling this sender for now.",
  "checkpoint-restricted": "LinkedIn restricted this account.",
  "verification-required": "LinkedIn asks for a verification that cannot be completed here.",
  "verification-failed": "The verification failed. Sign in again.",
  "checkpoint-code-rejected": "LinkedIn rejected that code.",
  "checkpoint-expired": "The verification step expired. Sign in again.",
  "checkpoint-answered-elsewhere": "This step is not answered here.",
  "checkpoint-step-unavailable": "LinkedIn cannot resend this code or offer another way; answer the step as it is.",
  "unsupported-verification": "This account uses another kind of verification than an authenticator app.",
  "invalid-totp-secret": "That 2FA setup key is not valid.",
  "no-checkpoint": "No verification step is waiting.",
  "seat-limit-reached": "All sender seats are in use.",
  "no-plan": "This workspace has no sender seats.",
  "already-connected": "This LinkedIn account is already connected.",
  "different-account": "These credentials belong to another LinkedIn account.",
  "sender-not-ready": "This sender cannot act right now.",
  "sender-paused": "This sender is paused.",
  "sender-cooldown": "LinkedIn asked this sender to rest.",
  "invitation-pending": "An invitation to this person is already pending.",
  "already-invited": "An invitation to this person is already pending.",
  "daily-limit-reached": "This sender reached today's limit for this action.",
  "weekly-limit-reached": "This sender reached its weekly connection-request limit.",
  "profile-not-found": "LinkedIn has no profile at this address.",
  "no-recent-post": "This person has no recent post to like.",
  "not-connected": "This person is not a connection of the sender.",
  "link-expired": "This connect link expired.",
  "link-connected": "This connect link was already used.",
  "link-failed": "This connect link can no longer be used.",
  forbidden: "You are not allowed to do this.",
  "not-found": "It no longer exists.",
};

export function plainErrorMessage(error: unknown): string | null {
  const code = errorCode(error);
  return code && isErrorCode(code) ? (PLAIN[code] ?? null) : null;
}

/**
 * A server error as an alert, unless every problem it names is already shown next to its field
 * (pass those field names as `shownFields`).
 */
export function ErrorAlert({ error, shownFields = [] }: { error: unknown; shownFields?: string[] }) {
  if (!error) return null;
  const fields = fieldErrors(error);
  const unshown = Object.entries(fields).filter(([field]) => !shownFields.includes(field));
  if (Object.keys(fields).length && !unshown.length) return null;
  // One message per error: the plain words for its code, else the fields not shown beside their
  // inputs under their labels, else the server's message (never two wordings of one problem).
  const plain = plainErrorMessage(error);
  const detail = unshown.length ? unshown.map(([field, text]) => fieldErrorText(field, text)).join(" · ") : errorMessage(error);
  return <Alert tone="error">{plain ?? detail}</Alert>;
}
