"use client";
// The React Flow canvas: read-only geometry (the layout places everything), nodes focusable with
// Tab, Enter or Space to edit a step or open the add-step menu, Delete to delete a step.
import { Background, Controls, MiniMap, Panel, ReactFlow, ReactFlowProvider, useReactFlow, useStoreApi, type EdgeTypes, type NodeTypes, type ReactFlowInstance } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { AddNode } from "./add-node";
import { BranchEdge } from "./branch-edge";
import type { FlowEdge, FlowNode } from "./convert";
import { StepNode } from "./step-node";
import { initialViewport } from "./viewport";

const nodeTypes: NodeTypes = { step: StepNode, add: AddNode };
const edgeTypes: EdgeTypes = { branch: BranchEdge };
/** Small trees fit on the canvas; the overview helps from this size on. */
const MINIMAP_FROM_STEPS = 15;

const ariaLabelConfig = {
  "node.a11yDescription.default": "Press Enter to edit this step, or to choose the step to add here. Press Delete to delete a step.",
  "node.a11yDescription.keyboardDisabled": "Press Enter to edit this step, or to choose the step to add here. Press Delete to delete a step.",
};

export interface FocusRequest {
  nodeId: string;
  /** Move keyboard focus to the node; otherwise only bring it into view. */
  focus: boolean;
}

interface CanvasProps {
  nodes: FlowNode[];
  edges: FlowEdge[];
  focusRequest: FocusRequest | null;
  onFocusDone(): void;
  onActivate(node: FlowNode): void;
  onDeleteKey(stepId: string): void;
}

/** Room kept between a node brought into view and the canvas's edge, in screen pixels. */
const VIEW_MARGIN = 16;

/**
 * Brings a requested node into view (and focus) once it is on the canvas. The position comes from
 * the layout and the canvas's size from React Flow's store, so a node just added is centred even
 * before React Flow has drawn it; focus waits a few frames for the drawn node.
 */
function FocusFollower({ nodes, focusRequest, onFocusDone }: Pick<CanvasProps, "nodes" | "focusRequest" | "onFocusDone">) {
  const flow = useReactFlow();
  const store = useStoreApi();
  useEffect(() => {
    if (!focusRequest) return;
    const node = nodes.find((candidate) => candidate.id === focusRequest.nodeId);
    // The canvas follows the draft a moment behind: the node comes with a later render.
    if (!node) return;
    const { width, height, transform } = store.getState();
    const [x, y, zoom] = transform;
    const left = node.position.x * zoom + x;
    const top = node.position.y * zoom + y;
    const right = left + (node.width ?? 0) * zoom;
    const bottom = top + (node.height ?? 0) * zoom;
    if (width && height && (left < VIEW_MARGIN || top < VIEW_MARGIN || right > width - VIEW_MARGIN || bottom > height - VIEW_MARGIN)) {
      void flow.setCenter(node.position.x + (node.width ?? 0) / 2, node.position.y + (node.height ?? 0) / 2, { zoom });
    }
    if (!focusRequest.focus) {
      onFocusDone();
      return;
    }
    let frame = 0;
    let tries = 0;
    const focusWhenDrawn = () => {
      const element = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(node.id)}"]`);
      if (!element && tries++ < 30) {
        frame = requestAnimationFrame(focusWhenDrawn);
        return;
      }
      element?.focus({ preventScroll: true });
      onFocusDone();
    };
    focusWhenDrawn();
    return () => cancelAnimationFrame(frame);
  }, [nodes, focusRequest, flow, store, onFocusDone]);
  return null;
}

/** Until someone pans or zooms, the first view is kept as the canvas changes size (the side panel opens). */
function useFitOnResize(container: RefObject<HTMLDivElement | null>, userMoved: boolean) {
  const flow = useReactFlow();
  useEffect(() => {
    const element = container.current;
    if (!element || userMoved) return;
    let first = true;
    const observer = new ResizeObserver(() => {
      // The first call reports the initial size, which onInit already handles.
      if (first) {
        first = false;
        return;
      }
      void flow.setViewport(initialViewport(flow.getNodes(), { width: element.clientWidth, height: element.clientHeight }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, userMoved, flow]);
}

function Canvas({ nodes, edges, focusRequest, onFocusDone, onActivate, onDeleteKey }: CanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const [userMoved, setUserMoved] = useState(false);
  useFitOnResize(container, userMoved);
  const stepCount = nodes.filter((node) => node.type === "step").length;
  // Stable handlers: React Flow hands onNodeClick to every node, and a new function re-renders them all.
  const onNodeClick = useCallback((_event: unknown, node: FlowNode) => onActivate(node), [onActivate]);
  const onMove = useCallback((event: MouseEvent | TouchEvent | null) => {
    // Programmatic moves (fitView, setCenter) come without an event; a click on a node starts a
    // gesture too, but only a real pan or zoom moves.
    if (event) setUserMoved(true);
  }, []);
  const onInit = useCallback((instance: ReactFlowInstance<FlowNode, FlowEdge>) => {
    const element = container.current;
    if (element) void instance.setViewport(initialViewport(instance.getNodes(), { width: element.clientWidth, height: element.clientHeight }));
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.classList.contains("react-flow__node")) return;
    const node = nodes.find((candidate) => candidate.id === target.dataset.id);
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(node);
    } else if ((event.key === "Delete" || event.key === "Backspace") && node.type === "step") {
      event.preventDefault();
      onDeleteKey(node.id);
    }
  };
  return (
    <div ref={container} className="h-full w-full" onKeyDown={onKeyDown}>
      <ReactFlow<FlowNode, FlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodeClick={onNodeClick}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        nodesFocusable
        edgesFocusable={false}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        zoomOnDoubleClick={false}
        onInit={onInit}
        onMove={onMove}
        minZoom={0.05}
        maxZoom={1.5}
        ariaLabelConfig={ariaLabelConfig}
        proOptions={{ hideAttribution: false }}
      >
        <Background gap={20} size={1} color="#e2e8f0" />
        <Controls showInteractive={false} position="bottom-left" />
        {stepCount > MINIMAP_FROM_STEPS && (
          <MiniMap pannable zoomable position="bottom-right" nodeColor={(node) => (node.type === "add" ? "#e2e8f0" : "#93b4fb")} nodeStrokeWidth={0} ariaLabel="Overview of the sequence" />
        )}
        <Panel position="top-left" className="rounded-md bg-white/90 px-2 py-1 text-[11px] text-slate-500 ring-1 ring-slate-200">
          Tab to a step · Enter to edit or add · Delete to remove · Ctrl+Z to undo
        </Panel>
        <FocusFollower nodes={nodes} focusRequest={focusRequest} onFocusDone={onFocusDone} />
      </ReactFlow>
    </div>
  );
}

/** Memoised: typing in the side panel re-renders the editor, not the canvas (it follows a deferred draft). */
export const FlowCanvas = memo(function FlowCanvas(props: CanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
});
