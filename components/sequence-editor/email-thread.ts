// Which e-mail a follow-up answers, on the editor's tree: the domain's rule (server/domain/sequence/email-thread.ts).
import { firstEmailAbove as firstEmailAboveIn } from "@/server/domain/sequence/email-thread";
import type { EditorStep, TreeIndex } from "./tree";

export function firstEmailAbove(index: TreeIndex, step: EditorStep): EditorStep | undefined {
  return firstEmailAboveIn(index.byId, step);
}
