// Values Herald puts in fields whose value set the spec gives: a consumer that switches over the
// spec's values exhaustively would meet these. One list, for the fields' descriptions and for the
// OpenAPI document's introduction (server/openapi/document.ts), so that the two never disagree.

export interface SpecAddition {
  /** Where the value appears, as a consumer reads it. */
  field: string;
  /** The spec's set, in its words. */
  specValues: string;
  /** Each value Herald adds, with what it means. */
  values: Record<string, string>;
}

export const SPEC_ADDITIONS = {
  landing: {
    field: "Mailbox `deliverabilityTest.landing`",
    specValues: "inbox, spam, or not arrived within 10 minutes",
    values: {
      promotions: "the e-mail reached the seed inbox's promotions tab (a tab of the inbox, not spam)",
      "not-arrived": "Herald's token for the spec's 'not arrived within 10 minutes': not at the seed inbox 10 minutes after sending",
    },
  },
  failure: {
    field: "Mailbox `deliverabilityTest.failure`",
    specValues: "sample `send`",
    values: {
      seed: "the seed inbox could not be reached or was removed, so where the e-mail landed is not known",
      read: "the test stopped before its result was read (Herald was interrupted)",
    },
  },
  stepType: {
    field: "Sequence step `type`",
    specValues: "visit_profile, invite, message, inmail, if_connected, if_open_profile, and unnamed kinds for comment post, AI voice note and recorded voice note",
    values: {
      comment_post: "Herald's identifier of the spec's comment post step",
      ai_voice_note: "Herald's identifier of the spec's AI voice note step",
      voice_note: "Herald's identifier of the spec's recorded voice note step",
      email: "an e-mail from the campaign's mailboxes (not in the spec's steps)",
      if_has_email: "a condition: yes when the lead has an e-mail address (not in the spec's steps)",
      if_has_linkedin: "a condition: yes when the lead has a LinkedIn profile, no for a lead added by e-mail alone (not in the spec's steps)",
      if_has_variable: "a condition: yes when the custom variable named in `config.variable` has a non-blank value for the lead (not in the spec's steps)",
      if_email_opened: "a condition that waits: yes as soon as the lead opens the campaign's e-mail (`config.emailStepId`, else any), no when `config.windowHours` after it passed without an open (not in the spec's steps)",
      if_email_clicked: "a condition that waits: yes as soon as the lead clicks a tracked link of the campaign's e-mail, no when the window closed without a click (not in the spec's steps)",
      find_email: "looks up an e-mail address for a lead without one (the company database's people, 1 AI credit per address found): yes when the lead has an address, no when none was found (not in the spec's steps)",
      like_post: "likes the lead's latest recent post (within 30 days); a lead without one skips the step (not in the spec's steps)",
      follow: "follows the lead on LinkedIn without a connection request; a lead already followed counts as done (not in the spec's steps)",
      task: "a manual task (`config.taskKind` call, phone_message or custom, with instructions in `text`) that waits in the Tasks queue until a person marks it done or skipped; either way the lead continues (not in the spec's steps)",
    },
  },
} satisfies Record<string, SpecAddition>;

/** "Herald adds to the spec's set: `a` (…); `b` (…)." for a field's description. */
export function additionsNote(addition: SpecAddition): string {
  const values = Object.entries(addition.values).map(([value, meaning]) => `\`${value}\` (${meaning})`);
  return `Herald adds to the spec's set (${addition.specValues}): ${values.join("; ")}.`;
}

/** The OpenAPI introduction's section listing every addition. */
export function specAdditionsSection(): string[] {
  return [
    "**Values Herald adds to the spec's sets.** Where the interface specification gives a field's values, Herald may send more; a client that switches over the spec's values should also handle these (and treat an unknown value as a new one, not an error):",
    ...Object.values(SPEC_ADDITIONS).map((addition) => `- ${addition.field}: ${Object.keys(addition.values).map((value) => `\`${value}\``).join(", ")} (the spec: ${addition.specValues}).`),
  ];
}
