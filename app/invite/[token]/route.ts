// GET /invite/:token – an invitation link's page, as plain HTML with one small script (lib/account-pages)
import { invitePageResponse } from "@/lib/account-pages/invite-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(_req: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  return invitePageResponse(token.slice(0, 200));
}
