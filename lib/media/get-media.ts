// GET /api/media/:id – one of the caller's media with where it is used. Another owner's id is
// indistinguishable from a missing one (404).
import { db } from "../db";
import { notFound } from "../http/api-error";
import { findMediaUsage } from "./find-media-usage";
import { mediaSelect } from "./media-select";
import { toMedia, type MediaResponse } from "./to-media";

export const mediaNotFound = () => notFound("Media not found");

export async function getMedia(options: { ownerId: string; id: string }): Promise<MediaResponse> {
  if (!options.ownerId) throw new Error("getMedia needs an owner");
  const row = await db().media.findFirst({ where: { id: options.id, ownerId: options.ownerId }, select: mediaSelect });
  if (!row) throw mediaNotFound();
  const usage = await findMediaUsage(db(), options.ownerId, [row.id]);
  return toMedia(row, usage.get(row.id) ?? []);
}
