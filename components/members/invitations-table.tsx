// Pending (and expired) invitations (TEAMS.md "Dashboard"): address, role, status, who invited,
// when it expires, and "Resend" / "Revoke" where the viewing member may make such an invitation.
import type { InvitationView as PendingInvitation } from "@/lib/members/list-invitations";
import { Badge } from "../ui/badge";
import { LocalTime } from "../ui/local-time";
import { Table, Th, cellClass } from "../ui/table";
import { InvitationActions } from "./invitation-actions";
import { roleLabel } from "./role-label";

export function InvitationsTable({ invitations, roles }: { invitations: PendingInvitation[]; roles: string[] }) {
  return (
    <Table label="Invitations">
      <thead>
        <tr>
          <Th>Email</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Invited by</Th>
          <Th>Expires</Th>
          <Th><span className="visually-hidden">Actions</span></Th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((invitation) => (
          <tr key={invitation.id}>
            <td className={cellClass.primary}>{invitation.email}</td>
            <td className={cellClass.nowrap}>{roleLabel(invitation.role)}</td>
            <td className={cellClass.nowrap}>{invitation.status === "expired" ? <Badge tone="warning">Expired</Badge> : <Badge>Pending</Badge>}</td>
            <td className={cellClass.nowrap}>{invitation.invitedBy.username}</td>
            <td className={cellClass.nowrap}><LocalTime iso={invitation.expiresAt} /></td>
            <td className={cellClass.nowrap}>{roles.includes(invitation.role) ? <InvitationActions id={invitation.id} email={invitation.email} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
