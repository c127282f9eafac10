// GET /api/me – who the key or session belongs to: { id, username, email, plan, scopes }
// PATCH /api/me – the signed-in author changes their display name (session only)
import { api } from "@/lib/http/api";
import { toMe } from "@/lib/auth/to-me";
import { updateProfile } from "@/lib/users/update-profile";
import { updateProfileInputSchema } from "@/lib/users/user-input";
import { meSchema, profileSchema } from "@/lib/auth/me-response";
import { meExample } from "@/lib/openapi/response-examples";

export const GET = api({
  auth: "key-or-session",
  docs: {
    summary: "Who am I",
    description: "The account the key or session belongs to, with the key's scopes (null for a session).",
    tag: "Account",
    sdk: "inkbase.me()",
    responses: { 200: { description: "The caller.", schema: meSchema, example: meExample } },
  },
  handler: async ({ principal }) => toMe(principal),
});

export const PATCH = api({
  auth: "session",
  body: updateProfileInputSchema,
  docs: {
    summary: "Change the display name",
    description: "An empty or null name hands the blog's name back to the username.",
    tag: "Account",
    sdk: 'inkbase.updateProfile({ displayName: "Alice" })',
    responses: { 200: { description: "The updated profile.", schema: profileSchema } },
    errors: { 404: "User not found" },
  },
  handler: ({ principal, body }) => updateProfile({ userId: principal.userId, input: body }),
});
