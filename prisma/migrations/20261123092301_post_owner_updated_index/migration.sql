-- CreateIndex
CREATE INDEX "Post_ownerId_updatedAt_id_idx" ON "Post"("ownerId", "updatedAt" DESC, "id" DESC);
