-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "expiresAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "nextRetryAt" TIMESTAMP(3),
ADD COLUMN     "requestBody" TEXT,
ADD COLUMN     "requestHeaders" JSONB,
ADD COLUMN     "requestUrl" TEXT;

-- CreateIndex
CREATE INDEX "WebhookAttempt_startedAt_idx" ON "WebhookAttempt"("startedAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_createdAt_idx" ON "WebhookDelivery"("createdAt");
