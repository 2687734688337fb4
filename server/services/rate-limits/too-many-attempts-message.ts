// The words a person sees when sign-in attempts are throttled; shared by the server's 429 and the
// sign-in form, which receives only the seconds to wait.

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Auth.js passes a refused sign-in's `code` to the form: ours is `too-many-attempts:<seconds>`. */
export const TOO_MANY_ATTEMPTS_CODE = "too-many-attempts";

export function tooManyAttemptsCode(retryAfterSeconds: number): string {
  return `${TOO_MANY_ATTEMPTS_CODE}:${retryAfterSeconds}`;
}

/** The message for a sign-in error code, or null when the code is not a throttling one. */
export function messageForSignInCode(code: string | undefined | null): string | null {
  const match = /^too-many-attempts:(\d+)$/.exec(code ?? "");
  return match ? tooManyAttemptsMessage(Number(match[1])) : null;
}
