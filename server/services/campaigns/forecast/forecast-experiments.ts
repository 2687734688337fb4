// The forecast's A/B planner: for each step with variants, the leads the simulation has the step act
// for within the horizon and whether they then succeed (accept for an invitation, reply otherwise,
// as the experiments read counts), judged by the same sample-size rule (domain/analytics).
import { experimentMetric, experimentSteps } from "../../../domain/analytics/step-experiment";
import { planExperiment, type ExperimentPlan } from "../../../domain/analytics/experiment-plan";
import { zonedDateString } from "../../../lib/time-zones";
import type { WiredSequence } from "../../../schemas/sequence";
import type { SimulationResult } from "./simulation-types";

export function forecastExperiments(sequence: WiredSequence, result: SimulationResult, leadIds: readonly string[], horizonDays: number, timezone: string): ExperimentPlan[] {
  return experimentSteps(sequence).map((step) => {
    const succeeded = experimentMetric(step.type) === "acceptance" ? result.accepted : result.replied;
    const reaches = leadIds.flatMap((id) =>
      (result.leads.get(id)?.steps ?? []).filter((record) => record.stepId === step.id && record.acted).map((record) => ({ at: record.at, success: succeeded.has(id) })),
    );
    return planExperiment(sequence, step, reaches, horizonDays, (at) => zonedDateString(new Date(at), timezone));
  });
}
