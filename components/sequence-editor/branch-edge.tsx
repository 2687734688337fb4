"use client";
// An edge between a step and the next, labelled with what the branch means and when it is taken.
import { BaseEdge, getSmoothStepPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowEdge } from "./convert";

const tones = {
  yes: { stroke: "#10b981", label: "bg-emerald-50 text-emerald-800 ring-emerald-200", word: "Yes" },
  no: { stroke: "#94a3b8", label: "bg-slate-50 text-slate-700 ring-slate-200", word: "No" },
  next: { stroke: "#94a3b8", label: "bg-white text-slate-600 ring-slate-200", word: "" },
};

const LABEL = { width: 150, height: 40 };

/**
 * The label sits in the edge's own SVG (a foreignObject), not in EdgeLabelRenderer: each
 * EdgeLabelRenderer looks its portal up in the DOM on every store update, which costs a 240-edge
 * tree tens of milliseconds per keystroke.
 */
function BranchEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data }: EdgeProps<FlowEdge>) {
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, borderRadius: 10, offset: 18 });
  const tone = tones[data?.branch ?? "next"];
  return (
    <>
      <BaseEdge id={id} path={path} style={{ stroke: tone.stroke, strokeWidth: 1.5, strokeDasharray: data?.toPlaceholder ? "4 4" : undefined }} />
      {data && (
        <foreignObject x={labelX - LABEL.width / 2} y={labelY - LABEL.height / 2} width={LABEL.width} height={LABEL.height} className="pointer-events-none overflow-visible">
          <div className="flex h-full w-full items-center justify-center">
            <div className={`rounded-md px-1.5 py-0.5 text-center text-[11px] leading-tight ring-1 ${tone.label}`} data-testid="edge-label">
              <div className="font-medium whitespace-nowrap">
                {tone.word && <span className="mr-1 font-semibold">{tone.word}</span>}
                {data.meaning === "Next" ? "Then" : data.meaning}
              </div>
              <div className="whitespace-nowrap text-[10px] opacity-80" title={data.defaulted ? "Default delay" : undefined}>
                {data.when}
              </div>
            </div>
          </div>
        </foreignObject>
      )}
    </>
  );
}

export const BranchEdge = memo(BranchEdgeView);
