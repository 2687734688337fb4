// What a campaign's funnel shows, by the channels its sequence uses: LinkedIn's invited, accepted,
// messaged; e-mail's sent, opened, clicked, replied, bounced; replies of either. Kept apart from the
// panel so that the choice is tested, and shared by the overall funnel, the variants and the list.
import type { TCampaign, TCampaignFunnel } from "@/server/schemas/campaign";

type Counts = TCampaignFunnel["overall"];
export type FunnelKey = Exclude<keyof Counts, "leads">;

export interface FunnelStage {
  key: FunnelKey;
  label: string;
  /** The count the second percentage is of ("42% of sent"), beside the share of all leads. */
  from?: FunnelKey;
  fromLabel?: string;
  /** Why the count stays 0 whatever the leads do (tracking is off), shown instead of a rate. */
  untracked?: string;
}

export interface FunnelSection {
  /** null when the campaign uses one channel only: a heading would say nothing. */
  title: string | null;
  stages: FunnelStage[];
}

export interface Channels {
  linkedin: boolean;
  email: boolean;
}

const LINKEDIN: FunnelStage[] = [
  { key: "invited", label: "Invited" },
  { key: "accepted", label: "Accepted", from: "invited", fromLabel: "of invited" },
  { key: "messaged", label: "Messaged" },
];

function emailStages(tracking: TCampaign["tracking"]): FunnelStage[] {
  const ofSent = { from: "emailSent", fromLabel: "of sent" } as const;
  return [
    { key: "emailSent", label: "Sent" },
    { key: "emailOpened", label: "Opened", ...ofSent, ...(tracking.opens === "off" && tracking.clicks === "off" ? { untracked: "Open tracking is off" } : {}) },
    { key: "emailClicked", label: "Clicked", ...ofSent, ...(tracking.clicks === "off" ? { untracked: "Click tracking is off" } : {}) },
    { key: "emailReplied", label: "Replied", ...ofSent },
    { key: "emailBounced", label: "Bounced", ...ofSent },
  ];
}

/**
 * The overall funnel's sections. A LinkedIn campaign keeps its one list (replies of messaged); an
 * e-mail one shows the e-mail stages (replies by e-mail, of sent); a campaign using both shows each
 * channel under its name, then the leads who replied on either.
 */
export function funnelSections(channels: Channels, tracking: TCampaign["tracking"]): FunnelSection[] {
  if (!channels.email) return [{ title: null, stages: [...LINKEDIN, { key: "replied", label: "Replied", from: "messaged", fromLabel: "of messaged" }] }];
  if (!channels.linkedin) return [{ title: null, stages: emailStages(tracking) }];
  return [
    { title: "LinkedIn", stages: LINKEDIN },
    { title: "E-mail", stages: emailStages(tracking) },
    { title: "Either channel", stages: [{ key: "replied", label: "Replied" }] },
  ];
}

export interface VariantColumn {
  key: FunnelKey;
  heading: string;
}

/** The columns of one step's variants, by its channel, and the count its reply rate (and "most replies") is of. */
export function variantColumns(stepType: string): { columns: VariantColumn[]; replies: FunnelKey } {
  if (stepType === "email") {
    return {
      columns: [
        { key: "emailSent", heading: "Sent" },
        { key: "emailOpened", heading: "Opened" },
        { key: "emailClicked", heading: "Clicked" },
        { key: "emailReplied", heading: "Replied" },
        { key: "emailBounced", heading: "Bounced" },
      ],
      replies: "emailReplied",
    };
  }
  return {
    columns: [
      { key: "invited", heading: "Invited" },
      { key: "accepted", heading: "Accepted" },
      { key: "messaged", heading: "Messaged" },
      { key: "replied", heading: "Replied" },
    ],
    replies: "replied",
  };
}

export interface ChannelFigures {
  channel: "linkedin" | "email";
  /** A short name before the figures, so that two lines of a row are told apart. */
  prefix: string;
  values: number[];
  /** The figures in words, for the tooltip and screen readers. */
  title: string;
}

/** The campaigns list's funnel column: a line per channel the campaign uses (its replies have a column of their own). */
export function channelFigures(channels: Channels, stats: TCampaign["stats"]): ChannelFigures[] {
  const lines: ChannelFigures[] = [];
  if (channels.linkedin) {
    lines.push({
      channel: "linkedin",
      prefix: "LinkedIn",
      values: [stats.invited, stats.accepted, stats.messaged],
      title: `LinkedIn: ${stats.invited} invited, ${stats.accepted} accepted, ${stats.messaged} messaged`,
    });
  }
  if (channels.email) {
    lines.push({
      channel: "email",
      prefix: "E-mail",
      values: [stats.emailSent, stats.emailOpened, stats.emailClicked, stats.emailBounced],
      title: `E-mail: ${stats.emailSent} sent, ${stats.emailOpened} opened, ${stats.emailClicked} clicked, ${stats.emailBounced} bounced`,
    });
  }
  return lines;
}
