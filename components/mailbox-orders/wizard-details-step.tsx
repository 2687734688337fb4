"use client";
// Step 2: for each domain, its mail platform, years, where its web address sends visitors, and
// its mailboxes (names and address, with first@ and first.last@ suggested).
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { PLATFORM_LABELS } from "./order-format";
import { emptyMailbox, localPartSuggestions, withNames, type DraftDomain, type DraftMailbox, type FieldProblems } from "./wizard-state";

function MailboxFields({
  domain,
  mailbox,
  path,
  index,
  problems,
  onChange,
  onRemove,
}: {
  domain: DraftDomain;
  mailbox: DraftMailbox;
  path: string;
  index: number;
  problems: FieldProblems;
  onChange: (mailbox: DraftMailbox) => void;
  onRemove?: () => void;
}) {
  const id = `${domain.key}-${mailbox.key}`;
  const suggestions = localPartSuggestions(mailbox.firstName, mailbox.lastName).filter((suggestion) => suggestion !== mailbox.localPart);
  return (
    <fieldset className="space-y-3 rounded-md bg-slate-50 p-3" data-testid="mailbox-fields">
      <legend className="sr-only">
        Mailbox {index + 1} on {domain.name}
      </legend>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-slate-600">
          Mailbox {index + 1}
          {index === 0 && !domain.existing ? " · the domain's admin mailbox" : ""}
        </p>
        {onRemove && (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove mailbox ${index + 1} of ${domain.name}`}>
            Remove
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="First name" htmlFor={`${id}-first`} error={problems[`${path}.firstName`]}>
          <Input id={`${id}-first`} value={mailbox.firstName} aria-invalid={Boolean(problems[`${path}.firstName`])} onChange={(event) => onChange(withNames(mailbox, { firstName: event.target.value }))} />
        </Field>
        <Field label="Last name" htmlFor={`${id}-last`} error={problems[`${path}.lastName`]}>
          <Input id={`${id}-last`} value={mailbox.lastName} aria-invalid={Boolean(problems[`${path}.lastName`])} onChange={(event) => onChange(withNames(mailbox, { lastName: event.target.value }))} />
        </Field>
      </div>
      <Field label="Address" htmlFor={`${id}-local`} error={problems[`${path}.localPart`]}>
        <div className="flex min-w-0 items-center gap-1.5">
          <div className="min-w-24 flex-1">
            <Input
              id={`${id}-local`}
              value={mailbox.localPart}
              aria-invalid={Boolean(problems[`${path}.localPart`])}
              onChange={(event) => onChange({ ...mailbox, localPart: event.target.value, localPartEdited: true })}
            />
          </div>
          <span className="min-w-0 truncate text-sm text-slate-500" title={`@${domain.name}`}>
            @{domain.name}
          </span>
        </div>
      </Field>
      {suggestions.length > 0 && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
          Suggested:
          {suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="rounded-full bg-white px-2 py-0.5 break-all text-brand-700 ring-1 ring-slate-200 hover:bg-brand-50"
              onClick={() => onChange({ ...mailbox, localPart: suggestion, localPartEdited: true })}
            >
              {suggestion}@
            </button>
          ))}
        </p>
      )}
    </fieldset>
  );
}

function DomainDetails({ domain, index, problems, onChange }: { domain: DraftDomain; index: number; problems: FieldProblems; onChange: (domain: DraftDomain) => void }) {
  const path = `domains.${index}`;
  const setMailbox = (mailboxIndex: number, mailbox: DraftMailbox) => onChange({ ...domain, mailboxes: domain.mailboxes.map((other, at) => (at === mailboxIndex ? mailbox : other)) });
  const domainProblem = problems[path] ?? problems[`${path}.name`] ?? problems[`${path}.mailboxes`] ?? problems[`${path}.existing`];
  return (
    <section className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200" aria-label={`Domain ${domain.name}`} data-testid="domain-details">
      <div>
        <h3 className="font-semibold break-all text-slate-900">{domain.name}</h3>
        <p className="text-xs text-slate-500">{domain.existing ? "A domain you already hold" : "A new domain Herald registers for you"}</p>
        {domainProblem && (
          <p className="mt-1 text-xs text-red-600" role="alert">
            {domainProblem}
          </p>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Mail platform" htmlFor={`${domain.key}-platform`} error={problems[`${path}.platform`]}>
          <Select id={`${domain.key}-platform`} value={domain.platform} onChange={(event) => onChange({ ...domain, platform: event.target.value as DraftDomain["platform"] })}>
            {(Object.keys(PLATFORM_LABELS) as Array<DraftDomain["platform"]>).map((platform) => (
              <option key={platform} value={platform}>
                {PLATFORM_LABELS[platform]}
              </option>
            ))}
          </Select>
        </Field>
        {!domain.existing && (
          <Field label="Years" htmlFor={`${domain.key}-years`} error={problems[`${path}.years`]}>
            <Select id={`${domain.key}-years`} value={domain.years} onChange={(event) => onChange({ ...domain, years: Number(event.target.value) })}>
              {Array.from({ length: 10 }, (_, at) => at + 1).map((years) => (
                <option key={years} value={years}>
                  {years === 1 ? "1 year" : `${years} years`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <div className={domain.existing ? "sm:col-span-2" : ""}>
          <Field label="Redirect visitors to" htmlFor={`${domain.key}-redirect`} error={problems[`${path}.redirectUrl`]} hint="Optional: where the domain's web address sends people.">
            <Input
              id={`${domain.key}-redirect`}
              type="url"
              inputMode="url"
              placeholder="https://acme.com"
              value={domain.redirectUrl}
              aria-invalid={Boolean(problems[`${path}.redirectUrl`])}
              onChange={(event) => onChange({ ...domain, redirectUrl: event.target.value })}
            />
          </Field>
        </div>
      </div>
      <div className="space-y-3">
        {domain.mailboxes.map((mailbox, mailboxIndex) => (
          <MailboxFields
            key={mailbox.key}
            domain={domain}
            mailbox={mailbox}
            index={mailboxIndex}
            path={`${path}.mailboxes.${mailboxIndex}`}
            problems={problems}
            onChange={(next) => setMailbox(mailboxIndex, next)}
            onRemove={domain.mailboxes.length > 1 ? () => onChange({ ...domain, mailboxes: domain.mailboxes.filter((other) => other.key !== mailbox.key) }) : undefined}
          />
        ))}
        <Button variant="secondary" size="sm" onClick={() => onChange({ ...domain, mailboxes: [...domain.mailboxes, emptyMailbox()] })} aria-label={`Add a mailbox on ${domain.name}`}>
          Add a mailbox
        </Button>
      </div>
    </section>
  );
}

export function WizardDetailsStep({ domains, problems, onChange }: { domains: DraftDomain[]; problems: FieldProblems; onChange: (domains: DraftDomain[]) => void }) {
  return (
    <div className="space-y-4">
      {domains.map((domain, index) => (
        <DomainDetails key={domain.key} domain={domain} index={index} problems={problems} onChange={(next) => onChange(domains.map((other, at) => (at === index ? next : other)))} />
      ))}
    </div>
  );
}
