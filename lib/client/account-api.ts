import { viaSdk } from "./api-client";

export type Profile = { id: string; username: string; email: string; displayName: string | null; plan: "free" | "pro" };

export async function updateProfile(input: { displayName: string | null }): Promise<Profile> {
  return viaSdk((inkbase) => inkbase.updateProfile(input));
}
