// Small pieces every sender view shares: avatar, status badges and usage bars.
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { TSenderAccount } from "@/server/schemas/sender";

export function senderName(sender: Pick<TSenderAccount, "label" | "fullName" | "id">): string {
  return sender.label || sender.fullName || "Sender being connected";
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}|^\p{N}/u.test(word));
  return ((words[0]?.[0] ?? "?") + (words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "")).toUpperCase();
}

const AVATAR_TONES = ["bg-brand-100 text-brand-700", "bg-emerald-100 text-emerald-700", "bg-amber-100 text-amber-800", "bg-rose-100 text-rose-700", "bg-violet-100 text-violet-700", "bg-sky-100 text-sky-700"];

export function SenderAvatar({ sender, size = "md" }: { sender: Pick<TSenderAccount, "label" | "fullName" | "id" | "profilePicture">; size?: "md" | "lg" }) {
  const name = sender.fullName || senderName(sender);
  const dimensions = size === "lg" ? "size-16 text-xl" : "size-10 text-sm";
  if (sender.profilePicture) {
    // eslint-disable-next-line @next/next/no-img-element -- LinkedIn's picture URLs are remote and short-lived; no optimisation wanted.
    return <img src={sender.profilePicture} alt="" className={`${dimensions} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />;
  }
  const tone = AVATAR_TONES[[...sender.id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % AVATAR_TONES.length];
  return (
    <span aria-hidden="true" className={`${dimensions} ${tone} inline-flex shrink-0 items-center justify-center rounded-full font-semibold`}>
      {initials(name)}
    </span>
  );
}

const PLAN: Record<TSenderAccount["linkedinPlan"], { label: string; tone: BadgeTone }> = {
  free: { label: "Free", tone: "slate" },
  premium: { label: "Premium", tone: "blue" },
  sales_navigator: { label: "Sales Navigator", tone: "blue" },
  recruiter: { label: "Recruiter", tone: "blue" },
};

const CONNECTION: Record<TSenderAccount["connectionStatus"], { label: string; tone: BadgeTone }> = {
  connected: { label: "Connected", tone: "green" },
  connecting: { label: "Connecting", tone: "slate" },
  checkpoint_required: { label: "Verification needed", tone: "amber" },
  reconnect_required: { label: "Reconnect needed", tone: "red" },
};

const STATUS: Record<TSenderAccount["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  error: { label: "Error", tone: "red" },
  suspended: { label: "Suspended", tone: "red" },
  disconnected: { label: "Disconnected", tone: "slate" },
};

const PAUSE_REASON: Record<NonNullable<TSenderAccount["pausedReason"]>, string> = {
  manual: "Paused by a person",
  "no-inmail-credits": "Paused: no InMail credits left",
  restricted: "Paused: LinkedIn restricted the account",
};

export function pauseReasonText(reason: TSenderAccount["pausedReason"]): string {
  return reason ? PAUSE_REASON[reason] : "Paused";
}

export function SenderBadges({ sender }: { sender: TSenderAccount }) {
  const connection = CONNECTION[sender.connectionStatus];
  const status = STATUS[sender.status];
  const plan = PLAN[sender.linkedinPlan];
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="sender-badges">
      <Badge tone={connection.tone}>{connection.label}</Badge>
      {sender.status !== "active" && <Badge tone={status.tone}>{status.label}</Badge>}
      {sender.paused && (
        <Badge tone="amber" title={pauseReasonText(sender.pausedReason)}>
          Paused
        </Badge>
      )}
      {sender.connectionStatus === "connected" && <Badge tone={plan.tone}>{plan.label}</Badge>}
    </span>
  );
}

export function CooldownNotice({ sender }: { sender: TSenderAccount }) {
  if (!sender.cooldownUntil) return null;
  return (
    <p className="text-xs text-amber-800" title={`No actions before ${formatDateTime(sender.cooldownUntil)}`}>
      Cooling down: acts again {formatRelative(sender.cooldownUntil)}
      {sender.cooldownReason ? ` (${sender.cooldownReason})` : ""}.
    </p>
  );
}

/** Used vs allowed as a small bar; full bars turn amber so a capped sender stands out. */
export function UsageBar({ label, used, cap, note }: { label: string; used: number; cap: number; note?: string }) {
  const off = cap === 0;
  const ratio = off ? 0 : Math.min(1, used / cap);
  const full = !off && used >= cap;
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate text-slate-600">{label}</span>
        {off ? (
          <span className="shrink-0 text-slate-400">Off</span>
        ) : (
          <span className={`shrink-0 tabular-nums ${full ? "font-medium text-amber-800" : "text-slate-700"}`}>
            {used}
            <span className="text-slate-400"> / {cap}</span>
          </span>
        )}
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={cap}
        aria-valuenow={Math.min(used, cap)}
        aria-valuetext={off ? "Off: the limit is 0" : `${used} of ${cap}${note ? ` (${note})` : ""}`}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full ${full ? "bg-amber-500" : "bg-brand-500"}`} style={{ width: `${ratio * 100}%` }} />
      </div>
      {note && <p className="mt-0.5 text-[11px] text-slate-400">{note}</p>}
    </div>
  );
}
