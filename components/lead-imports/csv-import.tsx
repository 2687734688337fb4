"use client";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import type { TCampaign } from "@/server/schemas/campaign";
import { parseCsv, toCsv, type CsvDelimiter } from "./csv";
import { CsvFilePicker } from "./csv-file-picker";
import { buildLeads, guessMapping, mappingProblems, rowRanges, type ColumnMapping } from "./csv-mapping";
import { CsvMappingEditor } from "./csv-mapping-editor";
import { CsvPreview } from "./csv-preview";
import { CsvUploadProgress } from "./csv-upload-progress";
import { useLeadUpload } from "./use-lead-upload";
import { plural } from "@/components/ui/plural";
import { downloadFile } from "@/components/ui/download-file";

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const DELIMITERS: Array<{ value: CsvDelimiter; label: string }> = [
  { value: ",", label: "Comma" },
  { value: ";", label: "Semicolon" },
  { value: "\t", label: "Tab" },
];

interface LoadedFile {
  name: string;
  text: string;
  delimiter: CsvDelimiter;
  hasHeader: boolean;
}

/**
 * Lead import from a CSV file: pick or drop a file, check the guessed column mapping against a
 * preview, then upload in batches with progress, cancellable, ending with a summary.
 */
export function CsvImport({ campaign, onClose }: { campaign: TCampaign; onClose: () => void }) {
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping[]>([]);
  const upload = useLeadUpload(campaign.id);

  const parsed = useMemo(() => (file ? parseCsv(file.text, { delimiter: file.delimiter }) : null), [file]);
  const width = parsed ? Math.max(0, ...parsed.rows.map((row) => row.length)) : 0;
  const headers = useMemo(
    () => Array.from({ length: width }, (_, index) => (file?.hasHeader ? (parsed?.rows[0]?.[index] ?? "").trim() : `Column ${index + 1}`)),
    [file?.hasHeader, parsed, width],
  );
  const dataRows = useMemo(() => (parsed ? parsed.rows.slice(file?.hasHeader ? 1 : 0) : []), [parsed, file?.hasHeader]);
  const firstRowNumber = file?.hasHeader ? 2 : 1;
  const problems = mappingProblems(mapping);
  const prepared = useMemo(() => buildLeads(dataRows, mapping, firstRowNumber), [dataRows, mapping, firstRowNumber]);
  const mappingOk = !problems.general.length && !Object.keys(problems.columns).length;

  function remap(next: LoadedFile) {
    const rows = parseCsv(next.text, { delimiter: next.delimiter }).rows;
    const columns = Math.max(0, ...rows.map((row) => row.length));
    const names = Array.from({ length: columns }, (_, index) => (next.hasHeader ? (rows[0]?.[index] ?? "").trim() : `Column ${index + 1}`));
    setMapping(guessMapping(names, rows.slice(next.hasHeader ? 1 : 0, 21), { hasHeader: next.hasHeader }));
    setFile(next);
  }

  async function onFile(picked: File) {
    setFileError(null);
    if (picked.size > MAX_FILE_BYTES) {
      setFileError(`${picked.name} is ${(picked.size / 1024 / 1024).toFixed(1)} MB; split it into files of at most 20 MB.`);
      return;
    }
    const text = await picked.text();
    const first = parseCsv(text);
    if (!first.rows.length) {
      setFileError(`${picked.name} has no rows.`);
      return;
    }
    remap({ name: picked.name, text, delimiter: first.delimiter, hasHeader: true });
  }

  function downloadNotImported() {
    if (!parsed) return;
    const byRow = new Map<number, string[]>(dataRows.map((row, index) => [firstRowNumber + index, row]));
    const numbers = [...prepared.rejected.map((row) => row.rowNumber), ...upload.state.unsent.map((row) => row.rowNumber)].sort((a, b) => a - b);
    const rows = numbers.map((number) => byRow.get(number) ?? []);
    downloadFile(`${file!.name.replace(/\.[^.]+$/, "")}-not-imported.csv`, toCsv(file!.hasHeader ? [parsed.rows[0]!, ...rows] : rows, file!.delimiter));
  }

  const phase = upload.state.phase;
  const uploading = phase === "uploading" || phase === "cancelling";
  const over = phase === "done" || phase === "failed" || phase === "cancelled";
  const notImported = prepared.rejected.length + (over ? upload.state.unsent.length : 0);

  return (
    <Card
      title="Import leads from a CSV file"
      description={file ? `${file.name} · ${plural(dataRows.length, "row")}` : "Leads are added to this campaign; people already in it are skipped."}
      actions={
        !uploading && (
          <Button variant="ghost" size="sm" onClick={onClose}>
            {over ? "Close" : "Cancel"}
          </Button>
        )
      }
    >
      {!file ? (
        <CsvFilePicker onFile={(picked) => void onFile(picked)} error={fileError} />
      ) : phase === "idle" ? (
        <div className="space-y-5">
          {parsed!.warnings.map((warning) => (
            <Alert key={warning} tone="warning">
              {warning}
            </Alert>
          ))}
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2 text-slate-700">
              <input
                type="checkbox"
                checked={file.hasHeader}
                onChange={(event) => remap({ ...file, hasHeader: event.target.checked })}
                className="size-4 rounded border-slate-300"
              />
              The first row holds column names
            </label>
            <div className="flex items-center gap-2">
              <label htmlFor="csv-delimiter" className="text-slate-700">
                Separator
              </label>
              <Select id="csv-delimiter" value={file.delimiter} className="w-36" onChange={(event) => remap({ ...file, delimiter: event.target.value as CsvDelimiter })}>
                {DELIMITERS.map((delimiter) => (
                  <option key={delimiter.label} value={delimiter.value}>
                    {delimiter.label}
                  </option>
                ))}
              </Select>
            </div>
            <Button variant="ghost" size="sm" onClick={() => setFile(null)}>
              Choose another file
            </Button>
          </div>

          <section aria-labelledby="csv-mapping-heading" className="space-y-2">
            <h3 id="csv-mapping-heading" className="text-sm font-semibold text-slate-900">
              Columns
            </h3>
            <p className="text-sm text-slate-500">
              Custom variables fill placeholders such as <code className="text-xs">{"{{jobTitle}}"}</code> in the sequence&apos;s messages.
            </p>
            <CsvMappingEditor headers={headers} sample={dataRows.slice(0, 20)} mapping={mapping} problems={problems} onChange={setMapping} />
            {problems.general.map((problem) => (
              <p key={problem} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            ))}
          </section>

          {mappingOk && <CsvPreview leads={prepared.leads.slice(0, 5)} />}

          {mappingOk && prepared.rejected.length > 0 && (
            <Alert tone="warning">
              <p>
                {plural(prepared.rejected.length, "row")} will not be sent ({rowRanges(prepared.rejected.map((row) => row.rowNumber))}).
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer font-medium">Why</summary>
                <ul className="mt-1 max-h-48 space-y-0.5 overflow-y-auto">
                  {prepared.rejected.map((row) => (
                    <li key={row.rowNumber}>
                      Row {row.rowNumber}: {row.reason}
                    </li>
                  ))}
                </ul>
              </details>
            </Alert>
          )}

          <div className="flex justify-end gap-2">
            <Button disabled={!mappingOk || !prepared.leads.length} onClick={() => void upload.start(prepared.leads, { fileName: file?.name })}>
              Import {plural(prepared.leads.length, "lead")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <CsvUploadProgress state={upload.state} rejected={prepared.rejected} />
          <div className="flex flex-wrap justify-end gap-2">
            {uploading && (
              <Button variant="secondary" disabled={phase === "cancelling"} onClick={upload.cancel}>
                Cancel import
              </Button>
            )}
            {over && notImported > 0 && (
              <Button variant="secondary" onClick={downloadNotImported}>
                {notImported === 1 ? "Download the row not imported" : `Download the ${notImported} rows not imported`}
              </Button>
            )}
            {(phase === "failed" || phase === "cancelled") && upload.state.unsent.length > 0 && (
              <Button variant="secondary" onClick={() => void upload.start(upload.state.unsent, { resume: true, fileName: file?.name })}>
                Retry the rows not imported
              </Button>
            )}
            {over && (
              <Button
                onClick={() => {
                  upload.reset();
                  setFile(null);
                }}
              >
                Import another file
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
