"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { downloadFile } from "@/components/ui/download-file";
import { plural } from "@/components/ui/plural";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TImportDoNotContactResult } from "@/server/schemas/do-not-contact";

/** Import a CSV file onto the list (with what became of its rows), and export the list as CSV. */
export function ImportExport() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const importCsv = useMutation(
    trpc.doNotContact.importCsv.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.doNotContact.list.pathKey() }),
    }),
  );

  async function onFile(file: File) {
    setFileName(file.name);
    importCsv.mutate({ csv: await file.text() });
  }

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const csv = await queryClient.fetchQuery({ ...trpc.doNotContact.exportCsv.queryOptions(), staleTime: 0 });
      // A byte order mark, so that a spreadsheet opens the file as UTF-8.
      downloadFile("do-not-contact.csv", `\uFEFF${csv}`);
    } catch (failure) {
      setExportError(`The export failed: ${errorMessage(failure) ?? "please try again"}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Import or export a CSV file</h3>
      <p className="text-sm text-slate-500">
        A header line, then either the columns <strong>kind</strong> (email, domain, linkedin or company), <strong>value</strong> and optionally <strong>note</strong>, or a single
        column of addresses, domains and LinkedIn profile URLs. Up to 100,000 rows.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex cursor-pointer items-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-slate-50">
          {importCsv.isPending ? "Importing…" : "Import CSV"}
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            className="sr-only"
            aria-label="CSV file to import"
            disabled={importCsv.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void onFile(file);
            }}
          />
        </label>
        <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </div>
      {importCsv.error && <Alert tone="error">{`${fileName ?? "The file"} was not imported: ${errorMessage(importCsv.error)}`}</Alert>}
      {importCsv.data && <ImportSummary result={importCsv.data} fileName={fileName} />}
      {exportError && <Alert tone="error">{exportError}</Alert>}
    </div>
  );
}

function ImportSummary({ result, fileName }: { result: TImportDoNotContactResult; fileName: string | null }) {
  const shown = [...result.refused.rows.map((row) => ({ ...row, what: row.reason })), ...result.alreadyListed.rows.map((row) => ({ ...row, what: "Already on the list." }))].sort(
    (a, b) => a.line - b.line,
  );
  const hidden = result.refused.count + result.alreadyListed.count - shown.length;
  return (
    <div className="space-y-2" role="status">
      <Alert tone={result.refused.count ? "info" : "success"}>
        {`${fileName ?? "The file"}: ${plural(result.added, "entry", "entries")} added, ${result.alreadyListed.count.toLocaleString("en")} already on the list, ${result.refused.count.toLocaleString("en")} refused.`}
      </Alert>
      {shown.length > 0 && (
        <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md text-sm ring-1 ring-slate-200">
          {shown.map((row) => (
            <li key={`${row.line}-${row.what}`} className="flex flex-wrap gap-x-2 px-3 py-1.5">
              <span className="text-slate-500">Line {row.line}</span>
              <span className="font-medium break-all text-slate-800">{row.value || "(empty)"}</span>
              <span className="text-slate-600">{row.what}</span>
            </li>
          ))}
          {hidden > 0 && <li className="px-3 py-1.5 text-slate-500">{`and ${hidden.toLocaleString("en")} more`}</li>}
        </ul>
      )}
    </div>
  );
}
