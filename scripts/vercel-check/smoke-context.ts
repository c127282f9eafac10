// What the smoke steps share: the client, the front, the local services, and what earlier steps
// made (the account, its key, the post).
import type { EdgeFront } from "./edge-front";
import type { LocalServices } from "./local-services";
import type { SmokeClient } from "./smoke-client";

export type SmokeContext = {
  client: SmokeClient;
  front: EdgeFront;
  services: LocalServices;
  /** Every route the build has a function for (`api/account/setup`, …). */
  routes: Set<string>;
  account: { username: string; email: string; password: string };
  key?: string;
  post?: { id: string; slug: string; answeredAt: number };
  /** Steps that could only run a stand-in, with why (another change has not landed yet). */
  pending: string[];
};

/** One line of the check's output; returns what it saw. */
export type SmokeStep = { name: string; run(context: SmokeContext): Promise<string> };
