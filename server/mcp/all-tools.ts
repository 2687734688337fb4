// The registry's operations as tools, generated once per process.
import { apiHandlers } from "../openapi/registry";
import { operationTools, type OperationTool } from "./operation-tools";

let generated: OperationTool[] | null = null;

export function allOperationTools(): OperationTool[] {
  generated ??= operationTools(apiHandlers);
  return generated;
}
