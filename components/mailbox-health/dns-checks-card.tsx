"use client";
// The DNS checks of a mailbox's domain: SPF, DKIM, DMARC and MX, each with what was found in plain
// words and, when something is wrong, the exact record to publish (with copy buttons).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CopyButton } from "@/components/settings/copy-button";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { useNow } from "@/components/ui/use-now";
import type { TMailbox } from "@/server/schemas/mailbox";
import type { TDnsHealth, TDnsRecordFix } from "@/server/schemas/mailbox-health";
import { DNS_CHECKS, DNS_STATUS_BADGE, type DnsCheckKey } from "./health-format";
import { healthErrorText } from "./health-errors";

/**
 * A sandbox mailbox's domain answers from simulated zones chosen by words in its name
 * (docs/sandbox.md): nothing anyone publishes changes them, so the card says so instead of asking
 * for records and offering to check again.
 */
export const SANDBOX_DNS_NOTE =
  "Sandbox mailbox: its domain's DNS records are simulated and cannot be changed, so these results stay as they are however often the domain is checked. Where a check fails, the record shown is what a real domain would need.";

function RecordFix({ fix, checkName, sandbox }: { fix: TDnsRecordFix; checkName: string; sandbox: boolean }) {
  const rows: Array<[string, string]> = [
    ["Type", fix.type],
    ["Host", fix.host],
    ["Value", fix.value],
  ];
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="dns-fix">
      <p className="text-xs font-medium text-amber-900">
        {sandbox
          ? `On a real domain, you would ${fix.replaces ? "replace the current record with this one" : "add this record"} at its DNS host (a sandbox domain's records cannot be changed):`
          : fix.replaces
            ? "Replace the current record with this one at your DNS host:"
            : "Add this record at your DNS host:"}
      </p>
      <dl className="space-y-1.5 text-xs">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-start gap-2">
            <dt className="w-12 shrink-0 pt-1 text-amber-900">{term}</dt>
            <dd className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono break-all text-slate-800 ring-1 ring-amber-200">{value}</dd>
            {term !== "Type" && <CopyButton value={value} ariaLabel={`Copy the ${checkName} record's ${term.toLowerCase()}`} />}
          </div>
        ))}
      </dl>
      {fix.replaces && (
        <p className="text-xs break-all text-amber-900">
          It replaces: <span className="font-mono">{fix.replaces}</span>
        </p>
      )}
    </div>
  );
}

function extraFacts(dns: TDnsHealth, key: DnsCheckKey): string[] {
  switch (key) {
    case "spf":
      return [
        dns.spf.lookups !== null ? `${dns.spf.lookups} of at most 10 DNS lookups` : "",
        dns.spf.includesSendingService === false ? "Does not include this mailbox's sending servers" : "",
      ].filter(Boolean);
    case "dkim":
      return dns.dkim.selector ? [`Selector “${dns.dkim.selector}”`] : [];
    case "dmarc":
      return [
        dns.dmarc.policy ? `Policy: ${dns.dmarc.policy === "none" ? "only report" : dns.dmarc.policy === "quarantine" ? "send to spam" : "refuse"}` : "",
        dns.dmarc.aligned === false ? "SPF and DKIM do not authenticate the From domain itself" : "",
      ].filter(Boolean);
    case "mx":
      // The published record names the hosts already.
      return dns.mx.hosts.length && !dns.mx.record ? [`Mail servers: ${dns.mx.hosts.join(", ")}`] : [];
  }
}

function DnsCheckRow({ dns, check, sandbox }: { dns: TDnsHealth; check: (typeof DNS_CHECKS)[number]; sandbox: boolean }) {
  const result = dns[check.key];
  const badge = DNS_STATUS_BADGE[result.status];
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid="dns-check" data-check={check.key}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium text-slate-900">{check.name}</h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span className="text-xs text-slate-500">{check.what}</span>
      </div>
      <p className="text-sm text-slate-700">{result.reason}</p>
      {extraFacts(dns, check.key).map((fact) => (
        <p key={fact} className="text-xs text-slate-500">
          {fact}
        </p>
      ))}
      {result.record && (
        <p className="line-clamp-3 text-xs break-all text-slate-500" title={result.record}>
          Published: <span className="font-mono text-slate-700">{result.record}</span>
        </p>
      )}
      {result.fix && <RecordFix fix={result.fix} checkName={check.name} sandbox={sandbox} />}
    </li>
  );
}

export function DnsChecksCard({ mailbox }: { mailbox: TMailbox }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow(30_000);
  const check = useMutation(
    trpc.mailboxHealth.checkDns.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.mailboxes.get.queryKey({ id: mailbox.id }), updated);
        return queryClient.invalidateQueries({ queryKey: trpc.mailboxes.list.queryKey() });
      },
    }),
  );
  const dns = mailbox.dnsHealth;
  const sandbox = mailbox.provider === "sandbox";
  return (
    <div data-testid="dns-card">
      <Card
        title="DNS records"
        description={dns ? `What the domain ${dns.domain} publishes for sending e-mail.` : "What the mailbox's domain publishes for sending e-mail."}
        actions={
          // Checking a sandbox domain again would find the same simulated records.
          sandbox && dns ? undefined : (
            <Button variant="secondary" size="sm" className="shrink-0" disabled={check.isPending} onClick={() => check.mutate({ id: mailbox.id })}>
              {check.isPending ? "Checking…" : dns ? "Check again" : "Check now"}
            </Button>
          )
        }
      >
        <div className="space-y-4" aria-busy={check.isPending}>
          {check.isPending && (
            <p className="text-sm text-slate-500" role="status">
              Looking up the domain&apos;s records…
            </p>
          )}
          {check.error && <Alert tone="error">{healthErrorText(check.error)}</Alert>}
          {!dns ? (
            <p className="text-sm text-slate-600" data-testid="dns-never-checked">
              The domain has not been checked yet. Herald checks it every day; check it now to see whether SPF, DKIM, DMARC and MX are set up, and
              what to add if not.
            </p>
          ) : (
            <>
              <p className="text-xs text-slate-500" title={formatDateTime(dns.checkedAt)} data-testid="dns-checked-at">
                Checked {formatRelative(dns.checkedAt, now)}
                {dns.managed ? " · Herald keeps this domain's records" : ""}
              </p>
              {sandbox && (
                <Alert tone="info">
                  <span data-testid="dns-sandbox-note">{SANDBOX_DNS_NOTE}</span>
                </Alert>
              )}
              <ul className="divide-y divide-slate-100">
                {DNS_CHECKS.map((item) => (
                  <DnsCheckRow key={item.key} dns={dns} check={item} sandbox={sandbox} />
                ))}
              </ul>
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
