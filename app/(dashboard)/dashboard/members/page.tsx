import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { InvitationsTable } from "@/components/members/invitations-table";
import { InviteMemberDialog } from "@/components/members/invite-member-dialog";
import { LeaveProjectButton } from "@/components/members/leave-project-button";
import styles from "@/components/members/members.module.css";
import { MembersTable } from "@/components/members/members-table";
import { can } from "@/lib/auth/can";
import { EDITOR_INVITABLE_ROLES } from "@/lib/auth/permissions";
import { MEMBER_ROLES, type MemberRole } from "@/lib/auth/roles";
import { requireProject } from "@/lib/dashboard/current-project";
import { listPendingInvitations, listProjectMembers } from "@/lib/dashboard/list-project-members";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const { principal } = await requireProject();
  const manage = can(principal, "members.manage");
  const inviteRoles: MemberRole[] = manage ? [...MEMBER_ROLES] : can(principal, "members.invite") ? [...EDITOR_INVITABLE_ROLES].filter((role): role is MemberRole => role !== "owner") : [];
  const [members, invitations] = await Promise.all([
    listProjectMembers({ projectId: principal.projectId }),
    inviteRoles.length ? listPendingInvitations({ projectId: principal.projectId }) : Promise.resolve([]),
  ]);
  const own = principal.role === "owner";

  return (
    <>
      <PageHeader
        title="Members"
        description={own ? "Who works on your project, and what each may do." : <>You are {/^[aeiou]/.test(principal.role) ? "an" : "a"} {principal.role} of {principal.projectUsername}.</>}
        actions={
          <>
            {inviteRoles.length ? <InviteMemberDialog roles={inviteRoles} /> : null}
            {own ? null : <LeaveProjectButton project={principal.projectUsername} />}
          </>
        }
      />
      <MembersTable members={members} me={principal.actorId} manage={manage} roles={[...MEMBER_ROLES]} />
      {inviteRoles.length ? (
        <section className={styles.section} aria-labelledby="invitations-title">
          <div className={styles.sectionHead}>
            <h2 id="invitations-title" className={styles.sectionTitle}>Invitations</h2>
            <p className={styles.seats}>Each link works once, for its address, for 7 days.</p>
          </div>
          {invitations.length ? (
            <InvitationsTable invitations={invitations} roles={inviteRoles} />
          ) : (
            <p className={styles.muted}>No pending invitations. “Invite member” makes a link to hand on; no mail server is needed.</p>
          )}
        </section>
      ) : null}
    </>
  );
}
