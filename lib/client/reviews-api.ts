// The review endpoints the dashboard calls (TEAMS.md "Review"): requests for posts and label
// moves, decisions and withdrawal, through the SDK's `reviews` methods in the page's project
// (Inkbase-Project, ./project-fetch.ts).
import type { Review } from "@/lib/reviews/review-input";
import { viaSdk } from "./api-client";

export type { Review };

export function requestPostReview(postId: string, note?: string): Promise<Review> {
  return viaSdk((inkbase) => inkbase.reviews.requestPost(postId, note ? { note } : {})) as Promise<Review>;
}

export function requestLabelReview(collectionId: string, entryId: string, label: string, version: string, note?: string): Promise<Review> {
  return viaSdk((inkbase) => inkbase.reviews.requestLabel(collectionId, entryId, label, { version, ...(note ? { note } : {}) })) as Promise<Review>;
}

export type Decision = { decision: "approve" | "request_changes"; note?: string; publish?: boolean };

export function decideReview(id: string, decision: Decision): Promise<Review> {
  return viaSdk((inkbase) => inkbase.reviews.decide(id, decision)) as Promise<Review>;
}

export function withdrawReview(id: string): Promise<Review> {
  return viaSdk((inkbase) => inkbase.reviews.withdraw(id)) as Promise<Review>;
}

/** The project's `reviewRequired` (admins and the owner). */
export function setReviewRequired(reviewRequired: boolean): Promise<unknown> {
  return viaSdk((inkbase) => inkbase.project.update({ reviewRequired }));
}
