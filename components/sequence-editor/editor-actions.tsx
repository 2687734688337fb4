"use client";
// What the canvas's nodes can ask the editor to do. Node components get these from context, so the
// converters' node data stays plain data.
import { createContext, useContext } from "react";
import type { Slot } from "./tree";

export interface EditorActions {
  editStep(id: string): void;
  addOn(slot: Slot): void;
  deleteStep(id: string): void;
}

const EditorActionsContext = createContext<EditorActions | null>(null);

export const EditorActionsProvider = EditorActionsContext.Provider;

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorActionsContext);
  if (!actions) throw new Error("useEditorActions needs an EditorActionsProvider");
  return actions;
}
