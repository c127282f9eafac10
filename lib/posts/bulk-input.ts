// The body of POST /api/posts/bulk (SPEC "Bulk posts").
import { z } from "zod";

export const bulkPostsSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, "At least 1 id").max(100, "At most 100 ids"),
  action: z.enum(["delete", "publish", "unpublish"]),
});

export type BulkPostsInput = z.output<typeof bulkPostsSchema>;
