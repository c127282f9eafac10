// What a full post read loads with the row: its owner (the `user` field), tags, and co-authors
// in their given order (user co-authors with the names JSON-LD lists them under). PostRecord is
// the part the serializers read, produced both by Prisma with POST_INCLUDE and by loadPosts.
import type { Prisma } from "../generated/prisma/client";

export const POST_INCLUDE = {
  owner: { select: { id: true, username: true, displayName: true, avatar: true } },
  tags: { select: { tag: { select: { name: true, slug: true } } } },
  coauthors: {
    orderBy: { position: "asc" },
    select: {
      userId: true,
      externalName: true,
      externalHandle: true,
      externalUrl: true,
      user: { select: { username: true, displayName: true } },
    },
  },
} satisfies Prisma.PostInclude;

type PostWithRelations = Prisma.PostGetPayload<{ include: typeof POST_INCLUDE }>;

export type PostRecord = Omit<PostWithRelations, "createdAt" | "announcedAt" | "ownerId" | "excerptAuto">;
