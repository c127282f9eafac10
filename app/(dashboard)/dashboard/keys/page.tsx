import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { CreateKeyDialog } from "@/components/keys/create-key-dialog";
import styles from "@/components/keys/keys.module.css";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { roleLabel } from "@/components/members/role-label";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Th, cellClass } from "@/components/ui/table";
import { requireProject } from "@/lib/dashboard/current-project";
import { listApiKeys, type ApiKeyView } from "@/lib/auth/list-api-keys";
import { can } from "@/lib/auth/can";
import { MEMBER_ROLES } from "@/lib/auth/roles";
import { SCOPES } from "@/lib/auth/scopes";

export const metadata: Metadata = { title: "API keys" };

function KeyState({ apiKey, now }: { apiKey: ApiKeyView; now: number }) {
  if (apiKey.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (apiKey.expiresAt && Date.parse(apiKey.expiresAt) <= now) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

export default async function KeysPage() {
  const { principal } = await requireProject();
  const keys = await listApiKeys(principal);
  // TEAMS.md "Keys": admins and the owner also make project keys (any role up to admin); a
  // viewer's personal keys may only read. The same can() the API decides with.
  const projectRoles = can(principal, "keys.project") ? [...MEMBER_ROLES] : [];
  const personalScopes = can(principal, "posts.create") ? SCOPES : SCOPES.filter((scope) => scope.endsWith(":read"));
  // eslint-disable-next-line react-hooks/purity -- a server render: "now" is the request's time
  const now = Date.now();
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authorize the REST API with <code>Authorization: Bearer ink_…</code>, limited to their scopes. A <strong>personal</strong> key acts as you, within your role{principal.role === "owner" ? "" : ` in ${principal.projectUsername}`}
            {projectRoles.length ? <>; a <strong>project</strong> key acts as the project with its own role and survives member changes</> : null}. Only a signed-in person can create or revoke them.
          </>
        }
        actions={<CreateKeyDialog scopes={personalScopes} projectScopes={SCOPES} projectRoles={projectRoles} />}
      />
      {keys.length === 0 ? (
        <EmptyState title="No API keys yet">Create a key for each program that calls the API, with only the scopes it needs.</EmptyState>
      ) : (
        <Table label="API keys">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Prefix</Th>
              <Th>Scopes</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th>Status</Th>
              <Th><span className="visually-hidden">Actions</span></Th>
            </tr>
          </thead>
          <tbody>
            {keys.map((apiKey) => (
              <tr key={apiKey.id}>
                <td className={cellClass.primary}>
                  <span className={styles.by}>
                    {apiKey.name}
                    <span><Badge tone={apiKey.kind === "project" ? "accent" : "neutral"}>{apiKey.kind === "project" ? `Project · ${roleLabel(apiKey.role)}` : "Personal"}</Badge></span>
                  </span>
                </td>
                <td className={cellClass.nowrap}><code>{apiKey.prefix}…</code></td>
                <td>
                  <span className={styles.scopeList}>
                    {apiKey.scopes.map((scope) => <Badge key={scope}>{scope}</Badge>)}
                  </span>
                </td>
                <td>
                  <span className={styles.by}>
                    <LocalTime iso={apiKey.createdAt} />
                    {apiKey.createdBy && apiKey.createdBy.id !== principal.actorId ? <span className={styles.muted}>by {apiKey.createdBy.username}</span> : null}
                  </span>
                </td>
                <td>{apiKey.lastUsedAt ? <LocalTime iso={apiKey.lastUsedAt} /> : <span className={styles.muted}>Never</span>}</td>
                <td>{apiKey.expiresAt ? <LocalTime iso={apiKey.expiresAt} /> : <span className={styles.muted}>Never</span>}</td>
                <td className={cellClass.nowrap}>
                  <KeyState apiKey={apiKey} now={now} />
                  {apiKey.revokedAt ? <> <LocalTime iso={apiKey.revokedAt} /></> : null}
                </td>
                <td className={cellClass.nowrap}>{apiKey.revokedAt ? null : <RevokeKeyButton id={apiKey.id} name={apiKey.name} prefix={apiKey.prefix} />}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
