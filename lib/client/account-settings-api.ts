// The Account page's own calls (ACCOUNTS.md "Account settings"), through the dashboard's SDK
// client like every dashboard write.
import { apiRequest } from "./api-client";
import type { Profile } from "./account-api";

export function changeEmail(input: { email: string; currentPassword: string }): Promise<Profile> {
  return apiRequest<Profile>("PATCH", "/api/me", input);
}

/** The answer re-issues this browser's session cookie; every other session ends. */
export function changePassword(input: { password: string; currentPassword: string }): Promise<Profile> {
  return apiRequest<Profile>("PATCH", "/api/me", input);
}

export function signOutEverywhere(): Promise<unknown> {
  return apiRequest("POST", "/api/account/sign-out-everywhere");
}

export function deleteAccount(input: { password: string }): Promise<unknown> {
  return apiRequest("DELETE", "/api/me", input);
}

export function resendVerification(): Promise<unknown> {
  return apiRequest("POST", "/api/account/verify-email/resend");
}
