"use client";
// Warmup over time: the daily volume (planned by the ramp against sent), where warmup mail landed,
// and the health score. Nothing to draw before warmup's first day.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PerformanceChart } from "@/components/mailboxes/performance-chart";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { healthErrorText } from "./health-errors";
import { PlacementChart } from "./placement-chart";

const PERIODS = [14, 30, 90] as const;
type Period = (typeof PERIODS)[number];

export function WarmupCharts({ mailboxId }: { mailboxId: string }) {
  const trpc = useTRPC();
  const [days, setDays] = useState<Period>(30);
  const history = useQuery({ ...trpc.mailboxHealth.warmupHistory.queryOptions({ id: mailboxId, days }), placeholderData: (previous) => previous });
  const rows = history.data ?? [];
  const dates = rows.map((day) => day.date);
  const scored = rows.filter((day) => day.healthScore !== null);
  return (
    <Card
      title="Warmup over time"
      actions={
        <div className="w-36 shrink-0">
          <Select aria-label="Period" value={String(days)} onChange={(event) => setDays(Number(event.target.value) as Period)}>
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </Select>
        </div>
      }
    >
      {history.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading warmup history…
        </p>
      ) : history.error ? (
        <Alert tone="error">{healthErrorText(history.error)}</Alert>
      ) : !rows.length ? (
        <p className="text-sm text-slate-600" data-testid="warmup-charts-empty">
          Nothing to show yet: once warmup runs, its daily volume, where its e-mails land and its health score show here, day by day.
        </p>
      ) : (
        <div className="space-y-6" aria-busy={history.isFetching} data-testid="warmup-charts">
          <div className="space-y-1">
            <h3 className="text-sm font-medium text-slate-900">Warmup e-mails a day</h3>
            <PerformanceChart
              title="Warmup e-mails a day, planned and sent"
              dates={dates}
              series={[
                { key: "planned", label: "Planned", stroke: "stroke-slate-400", dot: "fill-slate-400", swatch: "bg-slate-400", values: rows.map((day) => day.planned) },
                { key: "sent", label: "Sent", stroke: "stroke-brand-500", dot: "fill-brand-500", swatch: "bg-brand-500", values: rows.map((day) => day.sent) },
              ]}
            />
          </div>
          <PlacementChart days={rows} />
          <div className="space-y-1">
            <h3 className="text-sm font-medium text-slate-900">Health score</h3>
            {scored.length ? (
              <PerformanceChart
                title="Health score, 0 to 100"
                dates={scored.map((day) => day.date)}
                series={[{ key: "health", label: "Health score (0–100)", stroke: "stroke-emerald-600", dot: "fill-emerald-600", swatch: "bg-emerald-600", values: scored.map((day) => day.healthScore ?? 0) }]}
              />
            ) : (
              <p className="text-sm text-slate-600">The score shows once at least 10 warmup e-mails have landed.</p>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
