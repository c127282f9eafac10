// One page of a project's public list, as keys only: id, updatedAt, owner and the owner's
// updatedAt (for the `user` field), and the position in list order. Each branch (own posts, co-authored posts)
// runs down the (ownerId, status, visibility, publishedAt) index in order and stops after the
// page, so the cost does not grow with the project's size (only with the page number).
import { Prisma } from "../generated/prisma/client";
import { coauthoredSql, coauthoredTagSql, ownTagSql, visibleSql, type ListSort, type VisibleFilter } from "./visible-post-sql";

export function visiblePageSql(filter: VisibleFilter & { sort: ListSort; skip: number; take: number }): Prisma.Sql {
  const direction = Prisma.raw(filter.sort === "publishedAt:asc" ? "ASC" : "DESC");
  const branchLimit = filter.skip + filter.take;
  return Prisma.sql`
    SELECT k.id, k."updatedAt", k."ownerId", u."updatedAt" AS "ownerUpdatedAt",
      row_number() OVER (ORDER BY k."publishedAt" ${direction}, k.id ${direction}) AS position
    FROM (
      (SELECT p.id, p."updatedAt", p."ownerId", p."publishedAt" FROM "Post" p
       WHERE p."ownerId" = ${filter.owner} AND ${visibleSql(filter.now)} ${ownTagSql(filter)}
       ORDER BY p."publishedAt" ${direction}, p.id ${direction} LIMIT ${branchLimit})
      UNION ALL
      (SELECT p.id, p."updatedAt", p."ownerId", p."publishedAt" FROM "Post" p
       WHERE ${coauthoredSql(filter.owner)} AND ${visibleSql(filter.now)} ${coauthoredTagSql(filter)}
       ORDER BY p."publishedAt" ${direction}, p.id ${direction} LIMIT ${branchLimit})
    ) k JOIN "User" u ON u.id = k."ownerId"
    ORDER BY k."publishedAt" ${direction}, k.id ${direction}
    OFFSET ${filter.skip} LIMIT ${filter.take}`;
}
