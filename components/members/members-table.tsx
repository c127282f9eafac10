// The members table (TEAMS.md "Dashboard"): who, role, status, joined, and per row the controls
// the viewing member may use — a "Role" select, "Suspend"/"Reinstate", "Remove" — decided on the
// server by can() and passed in as flags; the owner's row never has any.
import type { MemberRole } from "@/lib/client/members-api";
import type { MemberView as ProjectMember } from "@/lib/members/list-members";
import { Badge } from "../ui/badge";
import { LocalTime } from "../ui/local-time";
import { Table, Th, cellClass } from "../ui/table";
import { MemberRoleSelect } from "./member-role-select";
import { MemberStatusButton } from "./member-status-button";
import styles from "./members.module.css";
import { RemoveMemberDialog, type Heir } from "./remove-member-dialog";
import { roleLabel } from "./role-label";

export function MembersTable({ members, me, manage, roles }: { members: ProjectMember[]; me: string; manage: boolean; roles: MemberRole[] }) {
  const name = (member: ProjectMember) => member.displayName || member.username;
  // Posts of a removed member go to the owner (the default) or another active member who writes.
  const heirsFor = (member: ProjectMember): Heir[] =>
    members
      .filter((other) => other.userId !== member.userId && other.status === "active" && other.role !== "viewer")
      .map((other) => ({ userId: other.userId, label: `${other.displayName ? `${other.displayName} (${other.username})` : other.username}${other.role === "owner" ? ", owner" : ""}` }));

  return (
    <Table label="Members">
      <thead>
        <tr>
          <Th>Member</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Joined</Th>
          {manage ? <Th><span className="visually-hidden">Actions</span></Th> : null}
        </tr>
      </thead>
      <tbody>
        {members.map((member) => {
          const controls = manage && member.role !== "owner" && member.userId !== me;
          return (
            <tr key={member.userId}>
              <td>
                <span className={styles.who}>
                  <span className={styles.whoName}>{name(member)}{member.userId === me ? <span className={styles.muted}> (you)</span> : null}</span>
                  <span className={styles.whoMeta}>{member.displayName ? `${member.username} · ${member.email}` : member.email}</span>
                </span>
              </td>
              <td className={cellClass.nowrap}>
                {controls ? (
                  <MemberRoleSelect userId={member.userId} name={name(member)} role={member.role as MemberRole} roles={roles} />
                ) : (
                  <Badge tone={member.role === "owner" ? "accent" : "neutral"}>{roleLabel(member.role)}</Badge>
                )}
              </td>
              <td className={cellClass.nowrap}>{member.status === "suspended" ? <Badge tone="warning">Suspended</Badge> : <Badge tone="success">Active</Badge>}</td>
              <td className={cellClass.nowrap}>{member.joinedAt ? <LocalTime iso={member.joinedAt} /> : null}</td>
              {manage ? (
                <td className={cellClass.nowrap}>
                  {controls ? (
                    <span className={styles.actions}>
                      <MemberStatusButton userId={member.userId} name={name(member)} status={member.status} />
                      <RemoveMemberDialog userId={member.userId} name={name(member)} heirs={heirsFor(member)} />
                    </span>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
