// VERCEL.md's smoke list, in order, through the front: each step names what it did and what it
// saw; the first failure stops the list (later steps build on earlier ones).
import { createKey, dashboardSignedOut, firstRunSetup, health, signIn } from "./smoke-account";
import type { SmokeContext, SmokeStep } from "./smoke-context";
import { directImport, importRefusedByFront } from "./smoke-imports";
import { directUpload, sixMbRefusedByFront, uploadThreeMb } from "./smoke-media";
import { cronTick, editThroughCdn, publicPage, publishPost, socialImage, subscribeWebhook, webhookAfterAnswer } from "./smoke-posts";

export const SMOKE_STEPS: SmokeStep[] = [
  health,
  firstRunSetup,
  dashboardSignedOut,
  signIn,
  createKey,
  subscribeWebhook,
  publishPost,
  webhookAfterAnswer,
  publicPage,
  editThroughCdn,
  socialImage,
  uploadThreeMb,
  sixMbRefusedByFront,
  directUpload,
  importRefusedByFront,
  directImport,
  cronTick,
];

/** Runs the list; returns the problems (empty when every step passed). */
export async function runSmoke(context: SmokeContext): Promise<string[]> {
  for (const step of SMOKE_STEPS) {
    const started = performance.now();
    try {
      const seen = await step.run(context);
      console.log(`[check:vercel]   ✓ ${step.name} (${(performance.now() - started).toFixed(0)} ms): ${seen}`);
    } catch (err) {
      console.log(`[check:vercel]   ✗ ${step.name}: ${err instanceof Error ? err.message : String(err)}`);
      return [`smoke: ${step.name}: ${err instanceof Error ? err.message : String(err)}`];
    }
  }
  return [];
}
