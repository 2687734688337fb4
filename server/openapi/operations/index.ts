// Every operation of the public API, assembled once for the OpenAPI document.
import type { ApiOperation } from "../../http/api-operation";
import { listCreditLedgerOperation } from "./credits/list-credit-ledger";
import { getOpenApiDocumentOperation } from "./meta/get-openapi-document";
import { getCurrentWorkspaceOperation } from "./workspaces/get-current-workspace";
import { getWorkspaceOperation } from "./workspaces/get-workspace";
import { listWorkspacesOperation } from "./workspaces/list-workspaces";
import { updateCurrentWorkspaceOperation } from "./workspaces/update-current-workspace";

export const operations: ApiOperation[] = [
  getOpenApiDocumentOperation,
  getCurrentWorkspaceOperation,
  updateCurrentWorkspaceOperation,
  listWorkspacesOperation,
  getWorkspaceOperation,
  listCreditLedgerOperation,
];
