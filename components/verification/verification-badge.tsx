"use client";
// An address's verification as a badge: Valid / Risky / Invalid / Unknown / Not checked. The reason
// shows on hover (title) and on a tap or Enter (the badge is a button that opens it below), and
// screen readers hear the status with its reason.
import { useId, useState } from "react";
import type { BadgeTone } from "@/components/ui/badge";
import type { TAddressStatus, TAddressVerification } from "@/server/schemas/verification";

export const VERIFICATION_LABELS: Record<TAddressStatus | "not-checked", { label: string; tone: BadgeTone }> = {
  valid: { label: "Valid", tone: "green" },
  risky: { label: "Risky", tone: "amber" },
  invalid: { label: "Invalid", tone: "red" },
  unknown: { label: "Unknown", tone: "slate" },
  "not-checked": { label: "Not checked", tone: "slate" },
};

const TONES: Record<BadgeTone, string> = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  red: "bg-red-50 text-red-700 ring-red-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
  blue: "bg-brand-50 text-brand-700 ring-brand-100",
};

const NOT_CHECKED_REASON = "This address has not been checked yet.";

/** Sentence case for a reason shown on its own ("the domain …" → "The domain …."). */
export function reasonSentence(reason: string): string {
  const text = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function VerificationBadge({ verification }: { verification: TAddressVerification | null | undefined }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const { label, tone } = VERIFICATION_LABELS[verification?.status ?? "not-checked"];
  const reason = verification ? reasonSentence(verification.reason) : NOT_CHECKED_REASON;
  return (
    <span className="inline-flex max-w-full flex-col items-start" data-testid="verification-badge">
      <button
        type="button"
        title={reason}
        aria-expanded={open}
        aria-describedby={reasonId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 focus-visible:outline-2 focus-visible:outline-brand-600 ${TONES[tone]}`}
      >
        <span className="sr-only">Address: </span>
        {label}
      </button>
      <span id={reasonId} role="note" className={open ? "mt-1 max-w-64 text-xs whitespace-normal text-slate-600" : "sr-only"} data-testid="verification-reason">
        {reason}
      </span>
    </span>
  );
}
