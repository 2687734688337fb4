-- CreateIndex
CREATE INDEX "DoNotContactEntry_workspaceId_createdAt_id_idx" ON "DoNotContactEntry"("workspaceId", "createdAt", "id");
