import { db } from "../db";
import { notFound } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { planSchema, usernameSchema, type PlanName } from "./user-input";

export async function setUserPlan(input: { username: string; plan: PlanName }): Promise<{ username: string; plan: PlanName }> {
  const username = parseOrThrow(usernameSchema, input.username, ["username"]);
  const plan = parseOrThrow(planSchema, input.plan, ["plan"]);
  const { count } = await db().user.updateMany({ where: { username }, data: { plan } });
  if (count === 0) throw notFound("User not found");
  return { username, plan };
}
