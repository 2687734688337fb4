"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import type { TGettingStarted } from "@/server/schemas/getting-started";

interface Item {
  id: keyof TGettingStarted["steps"];
  label: string;
  hint: string;
  href: string;
}

/** The checklist's items that apply here, in the order a newcomer does them. */
export function checklistItems(state: TGettingStarted): Array<Item & { done: boolean }> {
  const campaign = state.firstCampaign;
  const items: Array<Item & { done: boolean | null }> = [
    {
      id: "forecast",
      label: campaign ? `Open the forecast of “${campaign.name}”` : "Open a campaign's forecast",
      hint: "See when the campaign should finish and what each sender does per day.",
      href: campaign ? `/campaigns/${campaign.id}?tab=forecast` : "/campaigns",
      done: state.steps.forecast,
    },
    {
      id: "activate",
      label: "Activate a campaign",
      hint: "Its senders start with the leads at the next minute of its schedule.",
      href: campaign ? `/campaigns/${campaign.id}` : "/campaigns",
      done: state.steps.activate,
    },
    {
      id: "sandbox",
      label: "Act as a prospect in the Sandbox",
      hint: "Accept an invitation or reply as a prospect, and watch the campaign react.",
      href: "/sandbox",
      done: state.steps.sandbox,
    },
    {
      id: "mailbox",
      label: "Connect a mailbox",
      hint: "Your own mailbox, to send the e-mail steps of your campaigns.",
      href: "/mailboxes",
      done: state.steps.mailbox,
    },
  ];
  return items.filter((item): item is Item & { done: boolean } => item.done !== null);
}

/** The home's "Get started" list: each item ticks itself when done; gone once all are done or dismissed. */
export function GettingStartedChecklist() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.gettingStarted.get.queryOptions());
  const dismiss = useMutation(
    trpc.gettingStarted.dismiss.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.gettingStarted.get.queryKey() }),
    }),
  );
  if (!state.data || state.data.dismissed) return null;
  const items = checklistItems(state.data);
  const done = items.filter((item) => item.done).length;
  if (done === items.length) return null;
  return (
    <section aria-labelledby="getting-started-title" className="mb-6 rounded-lg bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="getting-started-title" className="text-base font-semibold text-slate-900">
            Get started
          </h2>
          <p className="mt-1 text-sm text-slate-500" data-testid="getting-started-progress">
            {done} of {items.length} done
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>
          Hide this list
        </Button>
      </div>
      <ol className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.id} data-testid="getting-started-item" data-done={item.done} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${item.done ? "bg-green-600 text-white" : "ring-1 ring-slate-300"}`}
            >
              {item.done ? "✓" : ""}
            </span>
            <span className="min-w-0">
              <Link href={item.href} className={`text-sm font-medium hover:underline ${item.done ? "text-slate-500 line-through" : "text-brand-700"}`}>
                {item.label}
              </Link>
              <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
              <span className="block text-xs text-slate-500">{item.hint}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
