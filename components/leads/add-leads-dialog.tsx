"use client";
import { useMemo, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { AddLeadsResult, summarize, type AddLeadsSummary } from "./add-leads-result";
import { OneLeadForm } from "./one-lead-form";
import { leadsToAdd, parsePastedLeads, type PastedLine } from "./parse-pasted-leads";
import { BATCH, useAddLeads, type AddLeadsTarget } from "./use-add-leads";

function Preview({ lines }: { lines: PastedLine[] }) {
  const recognized = lines.filter((line): line is Exclude<PastedLine, { kind: "unrecognized" }> => line.kind !== "unrecognized");
  const repeated = recognized.filter((line) => line.duplicateOfLine !== null);
  const unique = recognized.filter((line) => line.duplicateOfLine === null);
  const profiles = unique.filter((line) => line.kind === "profile").length;
  const emails = unique.length - profiles;
  const unrecognized = lines.filter((line): line is Extract<PastedLine, { kind: "unrecognized" }> => line.kind === "unrecognized");
  if (!lines.length) return <p className="text-xs text-slate-500">Paste LinkedIn profile URLs or e-mail addresses, one per line.</p>;
  return (
    <div className="space-y-2 text-sm" data-testid="add-leads-preview" aria-live="polite">
      <p className="text-slate-800">
        <span className="font-medium">{unique.length} to add</span>
        <span className="text-slate-500">
          {" "}
          ({profiles} profile URL{profiles === 1 ? "" : "s"}, {emails} e-mail address{emails === 1 ? "" : "es"}
          {repeated.length ? `, ${repeated.length} repeated` : ""})
        </span>
        {unrecognized.length > 0 && <span className="text-amber-800"> · {unrecognized.length} not recognized</span>}
      </p>
      {(unrecognized.length > 0 || repeated.length > 0) && (
        <ul className="max-h-32 space-y-0.5 overflow-y-auto text-xs text-slate-600">
          {unrecognized.map((line) => (
            <li key={line.line} className="break-words">
              Line {line.line} “{line.text}”: {line.reason}
            </li>
          ))}
          {repeated.map((line) => (
            <li key={line.line} className="break-words">
              Line {line.line} “{line.text}”: the same person as line {line.duplicateOfLine}, added once
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PasteForm({ target, onDone, onCancel }: { target: AddLeadsTarget; onDone: (summary: AddLeadsSummary) => void; onCancel: () => void }) {
  const { add, refresh } = useAddLeads(target);
  const [text, setText] = useState("");
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lines = useMemo(() => parsePastedLeads(text), [text]);
  const toAdd = leadsToAdd(lines);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!toAdd.length) {
      setError(lines.length ? "None of the lines is a LinkedIn profile URL or an e-mail address." : "Paste at least one profile URL or e-mail address.");
      return;
    }
    setError(null);
    const batches: Parameters<typeof summarize>[0] = [];
    setProgress({ done: 0, total: toAdd.length });
    try {
      for (let start = 0; start < toAdd.length; start += BATCH) {
        const chunk = toAdd.slice(start, start + BATCH);
        batches.push({ result: await add(chunk.map((entry) => entry.lead)), lines: chunk.map((entry) => entry.line) });
        setProgress({ done: Math.min(toAdd.length, start + BATCH), total: toAdd.length });
      }
    } catch (caught) {
      setError(errorMessage(caught));
    }
    setProgress(null);
    await refresh();
    if (batches.length) onDone(summarize(batches, lines.filter((line) => line.kind === "unrecognized").length));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <Field label="Profile URLs or e-mail addresses, one per line" htmlFor="paste-leads">
        <textarea
          id="paste-leads"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          spellCheck={false}
          placeholder={"https://www.linkedin.com/in/jane-doe\nsam@example.com"}
          className="block w-full rounded-md border-0 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
        />
      </Field>
      <Preview lines={lines} />
      {progress && (
        <p className="text-sm text-slate-600" role="status">
          Adding… {progress.done} of {progress.total}
        </p>
      )}
      <DialogActions onCancel={onCancel} label={toAdd.length ? `Add ${toAdd.length} lead${toAdd.length === 1 ? "" : "s"}` : "Add leads"} busyLabel="Adding…" busy={Boolean(progress)} />
    </form>
  );
}

/** Adds leads to a campaign or a list: pasted (profile URLs or e-mails, one per line) or one by one. */
export function AddLeadsDialog({ target, onClose }: { target: AddLeadsTarget; onClose: () => void }) {
  const [mode, setMode] = useState<"paste" | "one">("paste");
  const [summary, setSummary] = useState<AddLeadsSummary | null>(null);
  const [round, setRound] = useState(0);
  const where = target.kind === "campaign" ? "campaign" : "list";
  return (
    <Dialog title={`Add leads to “${target.name}”`} description={`Leads already in the ${where} are not added twice.`} onClose={onClose}>
      {summary ? (
        <div className="space-y-4">
          <AddLeadsResult summary={summary} target={where} />
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setSummary(null);
                setRound(round + 1);
              }}
            >
              Add more
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <div role="radiogroup" aria-label="How to add" className="inline-flex rounded-md bg-slate-100 p-0.5 text-sm">
            {(["paste", "one"] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={mode === value}
                onClick={() => setMode(value)}
                className={`rounded px-3 py-1 ${mode === value ? "bg-white font-medium text-slate-900 shadow-xs" : "text-slate-600"}`}
              >
                {value === "paste" ? "Paste a list" : "One lead"}
              </button>
            ))}
          </div>
          {mode === "paste" ? (
            <PasteForm key={round} target={target} onDone={setSummary} onCancel={onClose} />
          ) : (
            <OneLeadForm key={round} target={target} onDone={setSummary} onCancel={onClose} />
          )}
        </div>
      )}
    </Dialog>
  );
}
