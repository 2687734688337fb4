import { Card } from "@/components/ui/card";
import { formatRelative } from "@/components/ui/format";
import type { TSenderAccount } from "@/server/schemas/sender";

const PILLARS: Array<{ key: "brand" | "people" | "insights" | "relationships"; label: string }> = [
  { key: "brand", label: "Establish your professional brand" },
  { key: "people", label: "Find the right people" },
  { key: "insights", label: "Engage with insights" },
  { key: "relationships", label: "Build relationships" },
];

function Pillar({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <div className="flex justify-between gap-2 text-xs">
        <span className="text-slate-600">{label}</span>
        <span className="font-medium text-slate-800 tabular-nums">{value.toFixed(1)} / 25</span>
      </div>
      <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, (value / 25) * 100)}%` }} />
      </div>
    </div>
  );
}

/** LinkedIn's Social Selling Index (0–100, four pillars of 25) and the InMail credit balance. */
export function SsiCard({ sender }: { sender: TSenderAccount }) {
  const { ssi, inmailCredits } = sender;
  return (
    <Card title="LinkedIn standing">
      <div className="space-y-5">
        <div>
          <h3 className="text-sm font-medium text-slate-800">Social Selling Index</h3>
          {!ssi || ssi.unavailable ? (
            <p className="mt-1 text-sm text-slate-500">LinkedIn did not share this account&apos;s SSI.</p>
          ) : (
            <div className="mt-2 space-y-3">
              <p className="flex items-baseline gap-2">
                <span className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="ssi-score">
                  {Math.round(ssi.score)}
                </span>
                <span className="text-sm text-slate-500">/ 100</span>
                {ssi.industryAverage !== null && <span className="ml-auto text-xs text-slate-500">Industry average {Math.round(ssi.industryAverage)}</span>}
              </p>
              {(ssi.industryTop !== null || ssi.networkTop !== null) && (
                <p className="text-xs text-slate-500">
                  {ssi.industryTop !== null && <>Top {ssi.industryTop}% in {ssi.industryName ?? "the industry"}</>}
                  {ssi.industryTop !== null && ssi.networkTop !== null && " · "}
                  {ssi.networkTop !== null && <>top {ssi.networkTop}% of the network</>}
                </p>
              )}
              <div className="space-y-2.5">
                {PILLARS.map((pillar) => (
                  <Pillar key={pillar.key} label={pillar.label} value={ssi[pillar.key]} />
                ))}
              </div>
              {ssi.syncedAt && <p className="text-xs text-slate-400">Read {formatRelative(ssi.syncedAt)}</p>}
            </div>
          )}
        </div>
        <div className="border-t border-slate-100 pt-4">
          <h3 className="text-sm font-medium text-slate-800">InMail credits</h3>
          {inmailCredits ? (
            <p className="mt-1 text-sm text-slate-700">
              <span className="text-xl font-semibold text-slate-900 tabular-nums">{inmailCredits.balance}</span> left
              <span className="ml-1 text-xs text-slate-400">(read {formatRelative(inmailCredits.syncedAt)})</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-500">Not known for this account.</p>
          )}
          {inmailCredits?.balance === 0 && sender.linkedinPlan === "free" && (
            <p className="mt-1 text-xs text-slate-500">InMails need a paid LinkedIn plan.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
