import Link from "next/link";
import type { TCampaign } from "@/server/schemas/campaign";
import { missingParts, needsSetup, setupHref, SETUP_STEPS, stepLabel } from "./setup-steps";

/** On the campaign page of a draft with parts missing: what is missing, and the way back into the set-up. */
export function ContinueSetup({ campaign }: { campaign: TCampaign }) {
  if (!needsSetup(campaign)) return null;
  const missing = missingParts(campaign);
  const ready = SETUP_STEPS.length - 1 - missing.length;
  return (
    <div data-testid="continue-setup" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
      <p className="min-w-0 flex-[1_1_16rem] text-sm text-slate-700">
        <span className="font-medium text-slate-900">
          Set-up: {ready} of {SETUP_STEPS.length - 1} parts ready.
        </span>{" "}
        Still to do: {missing.map((step) => stepLabel(step).toLowerCase()).join(", ")}.
      </p>
      <Link href={setupHref(campaign.id, missing[0]!)} className="inline-flex items-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-xs hover:bg-brand-700">
        Continue set-up
      </Link>
    </div>
  );
}
