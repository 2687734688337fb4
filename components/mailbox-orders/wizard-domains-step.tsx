"use client";
// Step 1: which domains. Search a name for domains to register (availability and price), or type
// a domain the workspace already holds.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { formatMoney } from "./order-format";
import { newDomain, type DraftDomain } from "./wizard-state";

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

export function WizardDomainsStep({ domains, onChange }: { domains: DraftDomain[]; onChange: (domains: DraftDomain[]) => void }) {
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [existing, setExisting] = useState("");
  const [existingError, setExistingError] = useState<string | null>(null);
  const search = useQuery({ ...trpc.mailboxOrders.searchDomains.queryOptions({ query: searched ?? "", years: 1 }), enabled: Boolean(searched), staleTime: 60_000 });
  const chosen = new Set(domains.map((domain) => domain.name));

  function onSearch(event: FormEvent) {
    event.preventDefault();
    if (query.trim()) setSearched(query.trim().toLowerCase());
  }

  function onAddExisting(event: FormEvent) {
    event.preventDefault();
    const name = existing.trim().toLowerCase();
    if (!DOMAIN_PATTERN.test(name)) return setExistingError("Type a domain name such as acme.com");
    if (chosen.has(name)) return setExistingError(`${name} is already in this order`);
    onChange([...domains, newDomain(name, { existing: true })]);
    setExisting("");
    setExistingError(null);
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSearch} className="space-y-2" role="search" aria-label="Search domains">
        <Field label="Find a new domain" htmlFor="domain-query" hint="A name (acme: Herald suggests domains) or a full domain (acme.com).">
          <div className="flex gap-2">
            <Input id="domain-query" type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="acme" autoComplete="off" />
            <Button type="submit" disabled={!query.trim() || search.isFetching}>
              {search.isFetching ? "Searching…" : "Search"}
            </Button>
          </div>
        </Field>
      </form>
      {search.error && <Alert tone="error">{errorMessage(search.error)}</Alert>}
      {search.data && (
        <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Domains found">
          {search.data.length === 0 && <li className="px-3 py-3 text-sm text-slate-500">No domain found for “{searched}”. Try another name.</li>}
          {search.data.map((offer) => (
            <li key={offer.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5" data-testid="domain-offer">
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">{offer.name}</p>
                <p className="text-xs text-slate-500">
                  {offer.available && offer.priceCents !== null
                    ? `${formatMoney(offer.priceCents, offer.currency)} the first year${offer.renewalCents !== null ? `, then ${formatMoney(offer.renewalCents, offer.currency)} a year` : ""}`
                    : (offer.reason ?? "Not available")}
                </p>
              </div>
              {offer.available ? (
                <Button
                  size="sm"
                  variant={chosen.has(offer.name) ? "ghost" : "secondary"}
                  disabled={chosen.has(offer.name)}
                  aria-label={chosen.has(offer.name) ? `${offer.name} added` : `Add ${offer.name}`}
                  onClick={() => onChange([...domains, newDomain(offer.name, { existing: false, priceCents: offer.priceCents, renewalCents: offer.renewalCents, currency: offer.currency })])}
                >
                  {chosen.has(offer.name) ? "Added" : "Add"}
                </Button>
              ) : (
                <Badge tone="slate">Taken</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onAddExisting} className="space-y-2" aria-label="A domain you already hold">
        <Field label="Or a domain you already hold" htmlFor="existing-domain" error={existingError} hint="Mailboxes are added to it; Herald does not register it again.">
          <div className="flex gap-2">
            <Input id="existing-domain" value={existing} onChange={(event) => setExisting(event.target.value)} placeholder="acme.com" autoComplete="off" aria-invalid={Boolean(existingError)} />
            <Button type="submit" variant="secondary" disabled={!existing.trim()}>
              Add
            </Button>
          </div>
        </Field>
      </form>
      <section aria-label="Chosen domains" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">In this order</h3>
        {domains.length === 0 ? (
          <p className="text-sm text-slate-500">No domain yet: add one above.</p>
        ) : (
          <ul className="space-y-2">
            {domains.map((domain) => (
              <li key={domain.key} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2" data-testid="chosen-domain">
                <span className="min-w-0 text-sm">
                  <span className="font-medium break-all text-slate-900">{domain.name}</span>{" "}
                  <span className="text-xs text-slate-500">
                    {domain.existing ? "already yours" : domain.priceCents !== null && domain.currency ? `${formatMoney(domain.priceCents, domain.currency)} the first year` : "new"}
                  </span>
                </span>
                <Button size="sm" variant="ghost" aria-label={`Remove ${domain.name}`} onClick={() => onChange(domains.filter((other) => other.key !== domain.key))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
