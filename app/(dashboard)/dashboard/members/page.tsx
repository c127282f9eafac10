import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { InvitationsTable } from "@/components/members/invitations-table";
import { InviteMemberDialog } from "@/components/members/invite-member-dialog";
import { LeaveProjectButton } from "@/components/members/leave-project-button";
import styles from "@/components/members/members.module.css";
import { MembersTable } from "@/components/members/members-table";
import { can } from "@/lib/auth/can";
import type { Principal } from "@/lib/auth/principal";
import { MEMBER_ROLES, type MemberRole } from "@/lib/auth/roles";
import { requireProject } from "@/lib/dashboard/current-project";
import { authorizeInviteRole } from "@/lib/members/create-invitation";
import { listInvitations } from "@/lib/members/list-invitations";
import { listMembers } from "@/lib/members/list-members";

export const metadata: Metadata = { title: "Members" };

/** The roles this member may invite (and whose invitations they may resend or revoke): the API's own rule. */
function invitableRoles(principal: Principal): MemberRole[] {
  return MEMBER_ROLES.filter((role) => {
    try {
      authorizeInviteRole(principal, role);
      return true;
    } catch {
      return false;
    }
  });
}

export default async function MembersPage() {
  const { principal } = await requireProject();
  const manage = can(principal, "members.manage");
  const inviteRoles = invitableRoles(principal);
  const [members, invitations] = await Promise.all([
    listMembers(principal.projectId),
    inviteRoles.length ? listInvitations(principal.projectId) : Promise.resolve([]),
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
