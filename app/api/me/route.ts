// GET /api/me – who the key or session belongs to: { id, username, email, plan, scopes }
import { api } from "@/lib/http/api";
import { toMe } from "@/lib/auth/to-me";

export const GET = api({
  auth: "key-or-session",
  handler: async ({ principal }) => toMe(principal),
});
