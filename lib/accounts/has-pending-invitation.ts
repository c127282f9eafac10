// ACCOUNTS.md "Single sign-on": an identity whose verified address no account uses may make a new
// account with open registration, or when an invitation to that address is pending (TEAMS.md).
// Invitations do not exist yet: until teams add them this answers no, so with
// REGISTRATION=invite single sign-on only ever signs in to existing accounts. Teams replace the
// body with a look-up of an unexpired, unaccepted invitation to `email`; every caller
// (resolve-sso-sign-in.ts, complete-sso-sign-up.ts) already asks here.
export async function hasPendingInvitation(email: string): Promise<boolean> {
  void email;
  return false;
}
