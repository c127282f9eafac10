// GET /api/media – the caller's library, newest first, a page at a time; `q` matches file name or
// alt text (case-insensitive substring, `%` and `_` literally).
import { db } from "../db";
import { findMediaUsage } from "./find-media-usage";
import { mediaSelect } from "./media-select";
import { toMedia, type MediaResponse } from "./to-media";

export type MediaPage = { data: MediaResponse[]; pageInfo: { total: number; page: number; limit: number; hasMore: boolean } };

export async function listMedia(options: { ownerId: string; page: number; limit: number; q?: string }): Promise<MediaPage> {
  if (!options.ownerId) throw new Error("listMedia needs an owner");
  const q = options.q?.trim();
  const where = {
    ownerId: options.ownerId,
    ...(q ? { OR: [{ filename: { contains: q, mode: "insensitive" as const } }, { alt: { contains: q, mode: "insensitive" as const } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db().media.findMany({
      where,
      select: mediaSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (options.page - 1) * options.limit,
      take: options.limit,
    }),
    db().media.count({ where }),
  ]);
  const usage = await findMediaUsage(db(), options.ownerId, rows.map((row) => row.id));
  return {
    data: rows.map((row) => toMedia(row, usage.get(row.id) ?? [])),
    pageInfo: { total, page: options.page, limit: options.limit, hasMore: options.page * options.limit < total },
  };
}
