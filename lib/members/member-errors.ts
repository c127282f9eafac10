// The refusals of TEAMS.md "Invitations" and "Members", exactly as written there.
import { ApiError, conflict, notFound } from "../http/api-error";

export const alreadyMember = () => conflict({ error: "Already a member" });
export const alreadyInvited = () => conflict({ error: "Already invited" });
export const memberLimitReached = (limit: number) => new ApiError(403, { error: "Member limit reached", limit });
export const ownerCannotBeChanged = () => new ApiError(403, { error: "The owner cannot be changed" });
export const invitationForAnotherEmail = () => new ApiError(403, { error: "This invitation is for another email address" });
export const invitationExpired = () => new ApiError(410, { error: "Invitation expired" });
export const invitationNoLongerValid = () => new ApiError(410, { error: "Invitation no longer valid" });
export const memberNotFound = () => notFound("Member not found");
export const invitationNotFound = () => notFound("Invitation not found");
