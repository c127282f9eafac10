// How a role reads in the dashboard ("Contributor"); the API and the select values keep the
// lower-case names of TEAMS.md.
export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
