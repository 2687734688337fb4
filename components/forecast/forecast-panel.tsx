"use client";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatRelative } from "@/components/ui/format";
import type { TCampaignForecast } from "@/server/schemas/campaign-forecast";
import { Pagination } from "../ui/pagination";
import { nameOfStep } from "../campaigns/sequence-outline";
import { LEAD_STATUS } from "../campaigns/status-badges";
import { plural } from "@/components/ui/plural";

type Counts = Pick<TCampaignForecast["totals"], "invitations" | "messages" | "inmails" | "profileViews">;

const SENDER_COLORS = ["bg-brand-500", "bg-emerald-500", "bg-amber-500", "bg-violet-500", "bg-sky-500", "bg-rose-500", "bg-lime-500", "bg-slate-500"];
const LEADS_PAGE = 50;

function inZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A campaign-timezone calendar day (YYYY-MM-DD) as "Mon, Mar 2". */
function dayLabel(date: string): string {
  return new Intl.DateTimeFormat("en", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));
}

function actionsOf(counts: Counts): number {
  return counts.invitations + counts.messages + counts.inmails + counts.profileViews;
}

function breakdown(counts: Counts): string {
  return [
    [counts.invitations, "invitation"],
    [counts.messages, "message"],
    [counts.inmails, "InMail"],
    [counts.profileViews, "profile view"],
  ]
    .filter(([count]) => count)
    .map(([count, noun]) => `${count} ${noun}${count === 1 ? "" : "s"}`)
    .join(", ");
}

function Summary({ forecast }: { forecast: TCampaignForecast }) {
  const { totals } = forecast;
  const figures = [
    { label: "Leads", value: totals.leads },
    { label: "Reached", value: totals.reached },
    { label: "Invitations", value: totals.invitations },
    { label: "Accepted", value: totals.accepted },
    { label: "Messages", value: totals.messages },
    ...(totals.emails ? [{ label: "E-mails", value: totals.emails }] : []),
    // Only where the campaign tracks them: otherwise none are seen.
    ...(totals.emailsOpened ? [{ label: "Opened", value: totals.emailsOpened }] : []),
    ...(totals.emailsClicked ? [{ label: "Clicked", value: totals.emailsClicked }] : []),
    { label: "Replied", value: totals.replied },
  ];
  return (
    <Card
      title="Forecast"
      description={`Simulated until ${inZone(forecast.horizonEnd, forecast.timezone)} (${forecast.timezone}), generated ${formatRelative(forecast.generatedAt)}.`}
      actions={
        <Badge tone={forecast.model === "sandbox" ? "blue" : "slate"} title={forecast.model === "sandbox" ? "The sandbox network's own behaviour decides acceptances and replies" : "Acceptance and reply rates give one plausible course"}>
          {forecast.model === "sandbox" ? "Sandbox model" : "Rate model"}
        </Badge>
      }
    >
      <div className="flex flex-wrap items-end justify-between gap-6">
        <div>
          <p className="text-sm text-slate-500">Expected to finish</p>
          {forecast.finishAt ? (
            <p data-testid="forecast-finish" className="text-xl font-semibold text-slate-900">
              {inZone(forecast.finishAt, forecast.timezone)}
              <span className="ml-2 text-sm font-normal text-slate-500">{formatRelative(forecast.finishAt)}</span>
            </p>
          ) : (
            <p data-testid="forecast-finish" className="text-xl font-semibold text-slate-900">
              Not within the forecast
              <span className="block text-sm font-normal text-slate-500">Some leads are still in progress at its end.</span>
            </p>
          )}
        </div>
        <dl className={`grid grid-cols-3 gap-x-6 gap-y-2 ${figures.length > 6 ? "sm:grid-cols-9" : "sm:grid-cols-6"}`}>
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="text-xs text-slate-500">{figure.label}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}

/** A column of the day table: a sender's actions or a mailbox's e-mails. */
interface Column {
  id: string;
  name: string;
  count: (day: TCampaignForecast["days"][number]) => number;
  title: (day: TCampaignForecast["days"][number]) => string | undefined;
}

function DailyActions({ forecast, senderName, mailboxName }: { forecast: TCampaignForecast; senderName: (id: string) => string; mailboxName: (id: string) => string }) {
  const senderIds = [...new Set(forecast.days.flatMap((day) => day.senders.map((sender) => sender.linkedinAccountId)))];
  const mailboxIds = [...new Set(forecast.days.flatMap((day) => day.mailboxes.map((mailbox) => mailbox.emailAccountId)))];
  const actors: Column[] = [
    ...senderIds.map((id) => {
      const counts = (day: TCampaignForecast["days"][number]) => day.senders.find((sender) => sender.linkedinAccountId === id);
      return {
        id,
        name: senderName(id),
        count: (day: TCampaignForecast["days"][number]) => {
          const found = counts(day);
          return found ? actionsOf(found) : 0;
        },
        title: (day: TCampaignForecast["days"][number]) => {
          const found = counts(day);
          return found && actionsOf(found) ? breakdown(found) : undefined;
        },
      };
    }),
    ...mailboxIds.map((id) => {
      const emails = (day: TCampaignForecast["days"][number]) => day.mailboxes.find((mailbox) => mailbox.emailAccountId === id)?.emails ?? 0;
      return { id, name: mailboxName(id), count: emails, title: (day: TCampaignForecast["days"][number]) => (emails(day) ? plural(emails(day), "e-mail") : undefined) };
    }),
  ];
  const color = (id: string) => SENDER_COLORS[actors.findIndex((actor) => actor.id === id) % SENDER_COLORS.length]!;
  const busiest = Math.max(1, ...forecast.days.map((day) => day.total));
  return (
    <Card title="Actions per day" description={`Per sender${mailboxIds.length ? " and mailbox (e-mails)" : ""}, on the campaign's calendar days (${forecast.timezone}).`}>
      {!forecast.days.some((day) => day.total) ? (
        <p className="text-sm text-slate-500">No action is expected within the forecast.</p>
      ) : (
        <>
          <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label={mailboxIds.length ? "Senders and mailboxes" : "Senders"}>
            {actors.map((actor) => (
              <li key={actor.id} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2.5 rounded-sm ${color(actor.id)}`} />
                {actor.name}
              </li>
            ))}
          </ul>
          <div className="max-h-[28rem] overflow-y-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{mailboxIds.length ? "Actions per day and sender, e-mails per day and mailbox" : "Actions per day and sender"}</caption>
              <thead className="sticky top-0 bg-white text-xs text-slate-500 uppercase">
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3 font-medium">Day</th>
                  <th scope="col" className="w-1/2 px-3 py-2 font-medium">
                    <span className="sr-only">Chart</span>
                  </th>
                  {actors.map((actor) => (
                    <th key={actor.id} scope="col" className="px-3 py-2 text-right font-medium normal-case">
                      {actor.name}
                    </th>
                  ))}
                  <th scope="col" className="py-2 pl-3 text-right font-medium">Total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-50">
                {forecast.days.map((day) => (
                  <tr key={day.date} className={day.total ? "" : "text-slate-400"}>
                    <th scope="row" className="py-1.5 pr-3 font-normal whitespace-nowrap">
                      <time dateTime={day.date}>{dayLabel(day.date)}</time>
                    </th>
                    <td className="px-3 py-1.5" aria-hidden="true">
                      <div className="flex h-3 overflow-hidden rounded-sm" style={{ width: `${(day.total / busiest) * 100}%` }}>
                        {actors.map((actor) => {
                          const total = actor.count(day);
                          return total ? <div key={actor.id} className={color(actor.id)} style={{ width: `${(total / day.total) * 100}%` }} /> : null;
                        })}
                      </div>
                    </td>
                    {actors.map((actor) => (
                      <td key={actor.id} className="px-3 py-1.5 text-right tabular-nums" title={actor.title(day)}>
                        {actor.count(day) || "·"}
                      </td>
                    ))}
                    <td className="py-1.5 pl-3 text-right font-medium tabular-nums">{day.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

function LeadTimeline({
  forecast,
  senderName,
  mailboxName,
  stepNames,
}: {
  forecast: TCampaignForecast;
  senderName: (id: string) => string;
  mailboxName: (id: string) => string;
  stepNames: ReadonlyMap<string, string>;
}) {
  const [offset, setOffset] = useState(0);
  const withMailboxes = forecast.leads.some((lead) => lead.emailAccountId);
  // An e-mail-only campaign has no senders: no column of "None".
  const withSenders = forecast.leads.some((lead) => lead.linkedinAccountId) || !withMailboxes;
  const page = forecast.leads.slice(offset, offset + LEADS_PAGE);
  return (
    <Card
      title="When each lead is reached"
      description={
        forecast.leadsTruncated
          ? `The first ${plural(forecast.leads.length, "lead")}; the totals and days above count all ${forecast.totals.leads}.`
          : `${plural(forecast.leads.length, "lead")}, times in ${forecast.timezone}.`
      }
    >
      {!forecast.leads.length ? (
        <p className="text-sm text-slate-500">The campaign has no leads to forecast.</p>
      ) : (
        <div className="-mx-5 -mb-4">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">When each lead is expected to be reached</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 pl-5 font-medium">Lead</th>
                  {withSenders && (
                    <th scope="col" className="px-3 py-2 font-medium">
                      Sender
                    </th>
                  )}
                  {withMailboxes && (
                    <th scope="col" className="px-3 py-2 font-medium">
                      Mailbox
                    </th>
                  )}
                  <th scope="col" className="px-3 py-2 font-medium">First reached</th>
                  <th scope="col" className="px-3 py-2 font-medium">Steps expected</th>
                  <th scope="col" className="py-2 pr-5 pl-3 font-medium">At the end</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.map((lead) => (
                  <tr key={lead.campaignLeadId} data-testid="forecast-lead" className="align-top">
                    <td className="py-2 pr-3 pl-5 font-medium text-slate-900">
                      <Link href={`/campaigns/${forecast.campaignId}/leads/${lead.leadId}`} className="hover:text-brand-700 hover:underline">
                        {lead.name ?? "Unnamed lead"}
                      </Link>
                    </td>
                    {withSenders && (
                      <td className="px-3 py-2 text-slate-700">{lead.linkedinAccountId ? senderName(lead.linkedinAccountId) : <span className="text-slate-400">None</span>}</td>
                    )}
                    {withMailboxes && (
                      <td className="px-3 py-2 text-slate-700">{lead.emailAccountId ? mailboxName(lead.emailAccountId) : <span className="text-slate-400">None</span>}</td>
                    )}
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                      {lead.firstActionAt ? inZone(lead.firstActionAt, forecast.timezone) : <span className="text-slate-400">Not within the forecast</span>}
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {lead.steps.length ? (
                        <span title={lead.steps.map((step) => `${nameOfStep(stepNames, step.stepId, step.type)}: ${inZone(step.at, forecast.timezone)}${step.outcome ? ` (${step.outcome})` : ""}`).join("\n")}>
                          {lead.steps.length} · last {nameOfStep(stepNames, lead.steps[lead.steps.length - 1]!.stepId, lead.steps[lead.steps.length - 1]!.type)}
                        </span>
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                    </td>
                    <td className="py-2 pr-5 pl-3 text-slate-700">
                      {LEAD_STATUS[lead.expectedStatus].label}
                      {lead.endsAt && <span className="block text-xs text-slate-500">{inZone(lead.endsAt, forecast.timezone)}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination offset={offset} limit={LEADS_PAGE} total={forecast.leads.length} noun="leads" onChange={setOffset} />
        </div>
      )}
    </Card>
  );
}

/**
 * A campaign forecast: when it should finish, the actions per day per sender and the e-mails per
 * day per mailbox in the campaign's timezone, when each lead is reached, and what the simulation
 * assumed.
 */
export function ForecastPanel({
  forecast,
  senderNames,
  mailboxNames,
  stepNames = new Map(),
}: {
  forecast: TCampaignForecast;
  senderNames?: ReadonlyMap<string, string>;
  /** A mailbox's label or address by id. */
  mailboxNames?: ReadonlyMap<string, string>;
  /** "#3 Message" by step id (stepNames of the campaign's sequence). */
  stepNames?: ReadonlyMap<string, string>;
}) {
  const senderName = (id: string) => senderNames?.get(id) ?? id;
  const mailboxName = (id: string) => mailboxNames?.get(id) ?? id;
  return (
    <div className="space-y-6">
      <Summary forecast={forecast} />
      <DailyActions forecast={forecast} senderName={senderName} mailboxName={mailboxName} />
      <LeadTimeline forecast={forecast} senderName={senderName} mailboxName={mailboxName} stepNames={stepNames} />
      {forecast.experiments.length > 0 && (
        <Card title="A/B tests" description="Whether each step's variants can be told apart within the forecast, at its pace and at the rate it expects.">
          <ul className="space-y-2 text-sm text-slate-700" data-testid="forecast-experiments">
            {forecast.experiments.map((plan) => (
              <li key={plan.stepId}>{plan.text}</li>
            ))}
          </ul>
        </Card>
      )}
      {forecast.assumptions.length > 0 && (
        <Card title="Assumptions">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
            {forecast.assumptions.map((assumption) => (
              <li key={assumption}>{assumption}</li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
