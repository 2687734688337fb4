"use client";
// The deliverability test: one ordinary e-mail to a test inbox, where it landed and how the receiver
// authenticated it, and whether the sending server or the domain is on a blocklist. The page polls
// the mailbox while a test runs (see MailboxHealthPage), so the result appears by itself.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { useNow } from "@/components/ui/use-now";
import type { TMailbox } from "@/server/schemas/mailbox";
import type { TDeliverabilityTest } from "@/server/schemas/mailbox-health";
import { healthErrorText } from "./health-errors";
import { BLOCKLIST_BADGE, LANDING, TEST_TIMEOUT_MS, formatElapsed, testStage, verdict } from "./health-format";
import { TrackingLinksLine } from "@/components/tracking-domains/tracking-links-line";

const FAILURE: Record<NonNullable<TDeliverabilityTest["failure"]>, string> = {
  send: "The mailbox could not send the test e-mail.",
  seed: "The test inbox could not be reached.",
  read: "The test inbox could not be read.",
};

/** A listing names what was asked about: the sending server's IP or the domain (or the address or name itself). */
const BLOCKLIST_TARGET: Record<string, string> = { ip: "the sending server", domain: "the domain" };

function Running({ test }: { test: TDeliverabilityTest }) {
  const now = useNow(1000);
  const stage = testStage(test, now);
  const share = Math.min(1, stage.elapsedMs / TEST_TIMEOUT_MS);
  return (
    <div className="space-y-2" role="status" data-testid="test-running">
      <p className="font-medium text-slate-900">
        {stage.text} <span className="font-normal text-slate-500 tabular-nums">· {formatElapsed(stage.elapsedMs)}</span>
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-full rounded-full ${stage.stage === "sending" ? "w-1/12 animate-pulse bg-brand-400" : "bg-brand-500"}`} style={stage.stage === "waiting" ? { width: `${Math.max(8, share * 100)}%` } : undefined} />
      </div>
      <p className="text-xs text-slate-500">
        {test.statusLabel} The test e-mail goes to {test.seed}; the result shows here by itself.
      </p>
    </div>
  );
}

function Verdict({ name, result, extra }: { name: string; result: string | null; extra?: string | null }) {
  const shown = verdict(result);
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{name}</dt>
      <dd className="flex flex-wrap items-center gap-1.5">
        <Badge tone={shown.tone}>{shown.label}</Badge>
        {extra && <span className="text-xs break-all text-slate-500">{extra}</span>}
      </dd>
    </div>
  );
}

function Blocklists({ test }: { test: TDeliverabilityTest }) {
  const lists = test.blocklists;
  if (!lists) return null;
  return (
    <div className="space-y-2" data-testid="test-blocklists">
      <h3 className="text-sm font-medium text-slate-900">Blocklists</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {(
          [
            ["Sending server", lists.ip, test.sendingIp],
            ["Domain", lists.domain, null],
          ] as const
        ).map(([name, state, detail]) => (
          <div key={name} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">{name}</span>
            <Badge tone={BLOCKLIST_BADGE[state].tone}>{BLOCKLIST_BADGE[state].label}</Badge>
            {detail && <span className="font-mono text-xs text-slate-500">{detail}</span>}
          </div>
        ))}
      </div>
      {lists.listings.length > 0 && (
        <ul className="space-y-1 text-xs text-slate-600">
          {lists.listings.map((listing) => (
            <li key={`${listing.zone} ${listing.target}`} className="break-all">
              <span className={listing.listed ? "font-medium text-red-700" : ""}>{listing.listed ? "Listed on" : "Not on"}</span> {listing.zone}{" "}
              <span className="text-slate-400">({BLOCKLIST_TARGET[listing.target] ?? listing.target})</span>
            </li>
          ))}
        </ul>
      )}
      {(lists.ip === "listed" || lists.domain === "listed") && (
        <p className="text-xs text-red-700">
          A listing makes receivers refuse or file the mailbox&apos;s e-mail as spam. Ask the list to remove it (each list has a removal page) once
          the cause is fixed, and pause campaigns from this mailbox until then.
        </p>
      )}
    </div>
  );
}

function Result({ test, mailboxId }: { test: TDeliverabilityTest; mailboxId: string }) {
  const landing = test.landing ? LANDING[test.landing] : null;
  const landingBox = landing
    ? { green: "bg-emerald-50 ring-emerald-200", amber: "bg-amber-50 ring-amber-200", red: "bg-red-50 ring-red-200", slate: "bg-slate-50 ring-slate-200", blue: "bg-brand-50 ring-brand-100" }[landing.tone]
    : "";
  return (
    <div className="space-y-4" data-testid="test-result">
      {test.status === "failed" && (
        <Alert tone="error">
          <span data-testid="test-failure">
            {test.failure ? FAILURE[test.failure] : "The test failed."} {test.failureMessage}
          </span>
        </Alert>
      )}
      {landing && (
        <div className={`rounded-md p-3 ring-1 ${landingBox}`} data-testid="test-landing">
          <p className="text-lg font-semibold text-slate-900">{landing.title}</p>
          <p className="text-sm text-slate-700">{landing.meaning}</p>
        </div>
      )}
      {test.status === "done" && (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-slate-900">As the receiver saw it</h3>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Verdict name="SPF" result={test.spf} />
            <Verdict name="DKIM" result={test.dkim.result} extra={test.dkim.selector ? `selector “${test.dkim.selector}”` : null} />
            <Verdict name="DMARC" result={test.dmarc} />
          </dl>
          {test.crossCheck && (
            <p className={`text-xs ${test.crossCheck.agrees ? "text-slate-500" : "text-amber-800"}`} data-testid="test-cross-check">
              {test.crossCheck.agrees
                ? "Herald checked the received e-mail itself and agrees."
                : `Herald's own check of the received e-mail differs: SPF ${verdict(test.crossCheck.spf).label.toLowerCase()}, DKIM ${verdict(test.crossCheck.dkim).label.toLowerCase()}, DMARC ${verdict(test.crossCheck.dmarc).label.toLowerCase()}.`}
            </p>
          )}
        </div>
      )}
      <Blocklists test={test} />
      <TrackingLinksLine mailboxId={mailboxId} />
      <p className="text-xs text-slate-500">
        Sent to {test.seed} · {formatDateTime(test.startedAt)}
        {test.finishedAt ? ` · finished ${formatRelative(test.finishedAt)}` : ""}
      </p>
    </div>
  );
}

export function DeliverabilityTestCard({ mailbox }: { mailbox: TMailbox }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const run = useMutation(
    trpc.mailboxHealth.runTest.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.mailboxes.get.queryKey({ id: mailbox.id }), updated);
        return queryClient.invalidateQueries({ queryKey: trpc.mailboxes.list.queryKey() });
      },
    }),
  );
  const test = mailbox.deliverabilityTest;
  const running = test?.status === "running";
  return (
    <div data-testid="test-card">
      <Card
        title="Deliverability test"
        description="Sends one ordinary e-mail to a test inbox and reports where it landed, how the receiver authenticated it, and any blocklist listing. Up to 10 tests a day."
        actions={
          <Button size="sm" className="shrink-0" disabled={running || run.isPending} onClick={() => run.mutate({ id: mailbox.id })}>
            {run.isPending ? "Starting…" : running ? "Running…" : test ? "Run again" : "Run test"}
          </Button>
        }
      >
        <div className="space-y-4">
          {run.error && (
            <Alert tone="error">
              <span data-testid="test-error">{healthErrorText(run.error)}</span>
            </Alert>
          )}
          {!test ? (
            <p className="text-sm text-slate-600" data-testid="test-never-run">
              No test yet. A test takes a few minutes: the result shows where campaign e-mail from this mailbox is likely to land.
            </p>
          ) : running ? (
            <Running test={test} />
          ) : (
            <Result test={test} mailboxId={mailbox.id} />
          )}
        </div>
      </Card>
    </div>
  );
}
