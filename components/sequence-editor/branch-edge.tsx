"use client";
// An edge between a step and the next, labelled with what the branch means and when it is taken.
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowEdge } from "./convert";

const tones = {
  yes: { stroke: "#10b981", label: "bg-emerald-50 text-emerald-800 ring-emerald-200", word: "Yes" },
  no: { stroke: "#94a3b8", label: "bg-slate-50 text-slate-700 ring-slate-200", word: "No" },
  next: { stroke: "#94a3b8", label: "bg-white text-slate-600 ring-slate-200", word: "" },
};

function BranchEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data }: EdgeProps<FlowEdge>) {
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, borderRadius: 10, offset: 18 });
  const tone = tones[data?.branch ?? "next"];
  return (
    <>
      <BaseEdge id={id} path={path} style={{ stroke: tone.stroke, strokeWidth: 1.5, strokeDasharray: data?.toPlaceholder ? "4 4" : undefined }} />
      {data && (
        <EdgeLabelRenderer>
          <div
            className={`nodrag nopan pointer-events-none absolute rounded-md px-1.5 py-0.5 text-center text-[11px] leading-tight ring-1 ${tone.label}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-testid="edge-label"
          >
            <div className="font-medium whitespace-nowrap">
              {tone.word && <span className="mr-1 font-semibold">{tone.word}</span>}
              {data.meaning === "Next" ? "Then" : data.meaning}
            </div>
            <div className="whitespace-nowrap text-[10px] opacity-80" title={data.defaulted ? "Default delay" : undefined}>
              {data.when}
            </div>
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const BranchEdge = memo(BranchEdgeView);
