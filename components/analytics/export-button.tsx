"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { downloadFile } from "@/components/ui/download-file";
import { errorMessage } from "@/components/ui/trpc-error";
import { breakdownNeedsCampaign, exportFileName, filterOf, type AnalyticsView } from "./analytics-params";

const ROWS = { campaign: "campaign", sender: "sender", mailbox: "mailbox", step: "step", variant: "variant" } as const;

/** Downloads the breakdown shown (a row per campaign, sender, …) with every figure and rate, as CSV. */
export function ExportButton({ view, period }: { view: AnalyticsView; period: { from: string; to: string } | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const by = breakdownNeedsCampaign(view) ? "campaign" : view.by;

  async function download() {
    if (!period) return;
    setBusy(true);
    setError(null);
    try {
      const csv = await queryClient.fetchQuery({ ...trpc.analytics.exportCsv.queryOptions({ ...filterOf(view), by }), staleTime: 0 });
      // A byte order mark, so that a spreadsheet opens the file as UTF-8 (names like "Müller").
      downloadFile(exportFileName(period), `\uFEFF${csv}`);
    } catch (failure) {
      setError(`The export failed: ${errorMessage(failure) ?? "please try again"}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={download} disabled={!period || busy} title={`A row per ${ROWS[by]} with every figure and rate of the period, for a spreadsheet`}>
        {busy ? "Exporting…" : "Export CSV"}
      </Button>
      {error && (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
