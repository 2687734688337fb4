// Whether a lead's address is verified again before its e-mail step (issue 37, point 1): before the
// lead's first e-mail of the campaign, when the address has no verification yet or its verification
// is older than the workspace's verificationMaxAgeDays. Later e-mails go by what is stored (a hard
// bounce marks the address dead meanwhile). Pure.
const DAY = 86_400_000;

export function isVerificationDue(input: {
  /** When the stored verification was made, or null when there is none. */
  checkedAt: Date | null;
  /** The lead was e-mailed by this campaign already. */
  emailContacted: boolean;
  maxAgeDays: number;
  at: number;
}): boolean {
  if (input.emailContacted) return false;
  if (!input.checkedAt) return true;
  return input.at - input.checkedAt.getTime() > input.maxAgeDays * DAY;
}
