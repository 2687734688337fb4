"use client";
// Sends one call to this Herald's own /api/v1 from the browser, with the key the reader pasted
// (held in the page's memory only, never stored or sent to Herald other than as this call's
// Authorization), and shows the status and the answer.
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { ReferenceOperation } from "./operations";
import { needsKey, tryItAddress, TryItAddressError } from "./request-sample";

/** Characters of an answer shown: a list can be long, and the page must stay responsive. */
const SHOWN_ANSWER_CHARACTERS = 50_000;

interface Outcome {
  status: number;
  statusText: string;
  body: string;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function TryIt({ entry, apiKey }: { entry: ReferenceOperation; apiKey: string }) {
  const formId = useId();
  const { method, path, operation } = entry;
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === "path" || parameter.in === "query");
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(entry.requestExample ?? "");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keyNeeded = needsKey(operation);

  async function send(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setOutcome(null);
    if (keyNeeded && !apiKey.trim()) return setProblem("Paste an API key at the top of the page first.");
    let address: string;
    try {
      const pick = (where: string) => Object.fromEntries(parameters.filter((parameter) => parameter.in === where).map((parameter) => [parameter.name, values[parameter.name] ?? ""]));
      address = tryItAddress({ origin: window.location.origin, path, pathValues: pick("path"), query: pick("query") });
    } catch (error) {
      return setProblem(error instanceof TryItAddressError ? error.message : "This address cannot be called.");
    }
    const headers: Record<string, string> = {};
    if (keyNeeded) headers.authorization = `Bearer ${apiKey.trim()}`;
    if (entry.requestExample !== null) headers["content-type"] = "application/json";
    setSending(true);
    try {
      // The key alone authenticates the call: the dashboard's session cookie is not sent.
      const response = await fetch(address, { method: method.toUpperCase(), headers, body: entry.requestExample !== null ? body : undefined, credentials: "omit", redirect: "error" });
      const text = await response.text();
      setOutcome({ status: response.status, statusText: response.statusText, body: pretty(text).slice(0, SHOWN_ANSWER_CHARACTERS) });
    } catch {
      setProblem("The call did not reach Herald (network error).");
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} className="mt-3 space-y-3 rounded-md bg-slate-50 p-3" aria-label={`Try ${operation.summary ?? path}`}>
      {parameters.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {parameters.map((parameter) => (
            <div key={`${parameter.in}-${parameter.name}`}>
              <label htmlFor={`${formId}-${parameter.name}`} className="block text-xs font-medium text-slate-700">
                {parameter.name} <span className="font-normal text-slate-500">({parameter.in}{parameter.required ? ", required" : ""})</span>
              </label>
              <Input
                id={`${formId}-${parameter.name}`}
                value={values[parameter.name] ?? ""}
                onChange={(change) => setValues({ ...values, [parameter.name]: change.target.value })}
                className="mt-1"
              />
            </div>
          ))}
        </div>
      )}
      {entry.requestExample !== null && (
        <div>
          <label htmlFor={`${formId}-body`} className="block text-xs font-medium text-slate-700">
            Request body (JSON)
          </label>
          <textarea
            id={`${formId}-body`}
            value={body}
            onChange={(change) => setBody(change.target.value)}
            rows={Math.min(12, body.split("\n").length + 1)}
            spellCheck={false}
            className="mt-1 block w-full rounded-md bg-white px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-300"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? "Sending…" : `Send ${method.toUpperCase()}`}
        </Button>
        <span className="text-xs text-slate-500">Calls this Herald&apos;s own /api/v1 with your key: it acts on real data.</span>
      </div>
      {problem && (
        <p className="text-xs text-red-600" role="alert">
          {problem}
        </p>
      )}
      {outcome && (
        <div data-testid="try-it-outcome">
          <p className="text-sm">
            Status{" "}
            <code className={`font-semibold ${outcome.status < 300 ? "text-emerald-700" : "text-red-700"}`}>
              {outcome.status} {outcome.statusText}
            </code>
          </p>
          {outcome.body && <pre className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{outcome.body}</pre>}
        </div>
      )}
    </form>
  );
}
