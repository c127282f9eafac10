// GET /api/me – who the key or session belongs to: { id, username, email, plan, scopes }
// PATCH /api/me – the signed-in author changes their display name (session only)
import { api } from "@/lib/http/api";
import { toMe } from "@/lib/auth/to-me";
import { updateProfile } from "@/lib/users/update-profile";
import { updateProfileInputSchema } from "@/lib/users/user-input";

export const GET = api({
  auth: "key-or-session",
  handler: async ({ principal }) => toMe(principal),
});

export const PATCH = api({
  auth: "session",
  body: updateProfileInputSchema,
  handler: ({ principal, body }) => updateProfile({ userId: principal.userId, input: body }),
});
