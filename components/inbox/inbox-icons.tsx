import type { TConversationSummary } from "@/server/schemas/inbox";
import { CHANNEL_LABELS, leadInitials } from "./inbox-display";

const CHANNEL_PATHS: Record<TConversationSummary["channel"], string> = {
  linkedin: "M6 9v9M6 6v.01M10 18v-5a3 3 0 0 1 6 0v5M10 9v9",
  email: "M3 7l9 6 9-6M3 7v10h18V7H3Z",
};

/** The channel's icon, labelled for screen readers ("LinkedIn", "E-mail"). */
export function ChannelIcon({ channel, className = "size-3.5" }: { channel: TConversationSummary["channel"]; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label={CHANNEL_LABELS[channel]}>
      <title>{CHANNEL_LABELS[channel]}</title>
      <path d={CHANNEL_PATHS[channel]} />
    </svg>
  );
}

/** The lead's picture, or initials, with the channel's badge in the corner. */
export function LeadAvatar({ conversation, size = "md" }: { conversation: Pick<TConversationSummary, "lead" | "channel">; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-12 text-base" : "size-9 text-xs";
  const { lead, channel } = conversation;
  return (
    <span className={`relative inline-flex shrink-0 ${box}`}>
      {lead.picture ? (
        // eslint-disable-next-line @next/next/no-img-element -- LinkedIn's picture URLs are remote and short-lived; no optimisation wanted.
        <img src={lead.picture} alt="" className={`${box} rounded-full object-cover`} />
      ) : (
        <span aria-hidden="true" className={`${box} inline-flex items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-600`}>
          {leadInitials(lead)}
        </span>
      )}
      <span
        className={`absolute -right-1 -bottom-1 inline-flex size-4.5 items-center justify-center rounded-full ring-2 ring-white ${
          channel === "linkedin" ? "bg-sky-700 text-white" : "bg-amber-500 text-white"
        }`}
      >
        <ChannelIcon channel={channel} className="size-2.5" />
      </span>
    </span>
  );
}
