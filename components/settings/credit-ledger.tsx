"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Pager } from "@/components/ui/pager";
import { Card } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import type { TCreditOffer } from "@/server/schemas/credits";
import { BuyCreditsForm } from "./buy-credits-form";
import { GrantCreditsForm } from "./grant-credits-form";

const PAGE = 20;

const reasonLabels: Record<string, string> = {
  grant: "Credits added",
  "company-search": "Company search",
  "people-search": "People search",
  "reply-classification": "Reply classification",
  "comment-draft": "Comment draft",
  "voice-note": "Voice note",
  "email-lookup": "E-mail address lookup",
  "ai-line": "AI line",
  adjustment: "Adjustment",
  refund: "Refund",
};

/** Who may add credits here, when the signed-in person may not: in plain words. */
function WhoAddsCredits({ offer }: { offer: TCreditOffer }) {
  const admins = offer.instanceAdmins.length ? offer.instanceAdmins.join(", ") : "an instance administrator";
  return (
    <p className="mb-6 text-sm text-slate-600" data-testid="who-adds-credits">
      {offer.pricePer1000Cents === null
        ? `AI credits are granted by this installation's instance administrators (${admins}): ask them for more.`
        : `Owners and members who manage billing buy credits here; this installation's instance administrators (${admins}) can also grant them.`}
    </p>
  );
}

export function CreditLedger() {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const ledger = useQuery(trpc.credits.ledger.queryOptions({ limit: PAGE, offset }));
  const offer = useQuery(trpc.credits.offer.queryOptions());
  const current = useQuery(trpc.workspace.current.queryOptions());
  const data = offer.data;
  return (
    <Card
      title="AI credits"
      description="Company and people search (one credit per result), reply classification and AI drafts spend credits. Every change is recorded here, with who added the credits."
      actions={ledger.data && <span className="text-lg font-semibold text-slate-900">{ledger.data.balance.toLocaleString("en")}</span>}
    >
      {data?.canGrant && <GrantCreditsForm currentWorkspaceId={current.data?.workspace.id ?? null} />}
      {data?.canBuy && data.pricePer1000Cents !== null && <BuyCreditsForm offer={{ ...data, pricePer1000Cents: data.pricePer1000Cents }} />}
      {data && !data.canGrant && !data.canBuy && <WhoAddsCredits offer={data} />}
      {ledger.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !ledger.data?.entries.length ? (
        <p className="text-sm text-slate-500">No credit movements yet.</p>
      ) : (
        <>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              {/* On a phone: what and when (and by whom) in one cell, and the amount; the balance from sm up. */}
              <tr>
                <th className="hidden py-2 font-medium sm:table-cell">When</th>
                <th className="py-2 font-medium">What</th>
                <th className="hidden py-2 font-medium sm:table-cell">By</th>
                <th className="py-2 text-right font-medium">Amount</th>
                <th className="hidden py-2 text-right font-medium sm:table-cell">Balance</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ledger.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="hidden py-2 pr-2 text-slate-500 sm:table-cell">{formatDateTime(entry.createdAt)}</td>
                  <td className="py-2 pr-2">
                    {reasonLabels[entry.reason] ?? entry.reason}
                    {/* A grant's reason is the administrator's words; other references are Herald's own ids, not shown. */}
                    {entry.reason === "grant" && entry.reference && <span className="block text-xs text-slate-600">{entry.reference}</span>}
                    <span className="block text-xs text-slate-500 sm:hidden">
                      {formatDateTime(entry.createdAt)}
                      {entry.grantedBy?.name ? ` · ${entry.grantedBy.name}` : ""}
                    </span>
                  </td>
                  <td className="hidden py-2 pr-2 text-slate-600 sm:table-cell" data-testid="credit-granted-by">
                    {entry.grantedBy?.name ?? ""}
                  </td>
                  <td className={`py-2 text-right font-medium whitespace-nowrap ${entry.amount < 0 ? "text-red-700" : "text-emerald-700"}`}>
                    {entry.amount > 0 ? "+" : ""}
                    {entry.amount.toLocaleString("en")}
                  </td>
                  <td className="hidden py-2 text-right text-slate-700 sm:table-cell">{entry.balanceAfter.toLocaleString("en")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} pageSize={PAGE} shown={ledger.data.entries.length} total={ledger.data.total} onOffsetChange={setOffset} />
        </>
      )}
    </Card>
  );
}
