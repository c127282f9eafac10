// Prisma spells the enum value `link_only` (an identifier); the wire says `link-only`.
import type { PostVisibility } from "../generated/prisma/enums";

export type WireVisibility = "public" | "private" | "link-only";

export function toWireVisibility(visibility: PostVisibility): WireVisibility {
  return visibility === "link_only" ? "link-only" : visibility;
}

export function fromWireVisibility(visibility: WireVisibility): PostVisibility {
  return visibility === "link-only" ? "link_only" : visibility;
}
