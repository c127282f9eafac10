-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "projectId" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorName" TEXT,
    "actorPrefix" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "targetName" TEXT,
    "changes" JSONB,
    "ip" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEvent_projectId_at_id_idx" ON "AuditEvent"("projectId", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_projectId_actorId_at_id_idx" ON "AuditEvent"("projectId", "actorId", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_projectId_action_at_id_idx" ON "AuditEvent"("projectId", "action", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_projectId_targetType_targetId_at_id_idx" ON "AuditEvent"("projectId", "targetType", "targetId", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_at_idx" ON "AuditEvent"("at");

-- Append-only (TEAMS.md): no UPDATE ever, and DELETE only inside a transaction that set
-- inkbase.audit_delete = 'on' with set_config(..., true) (lib/audit/allow-audit-delete.ts: the
-- retention prune and an account's deletion of its own project). TRUNCATE is refused too.
CREATE FUNCTION "audit_event_append_only"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('inkbase.audit_delete', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'AuditEvent is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "AuditEvent_append_only" BEFORE UPDATE OR DELETE ON "AuditEvent"
    FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();

CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent"
    FOR EACH STATEMENT EXECUTE FUNCTION "audit_event_append_only"();
