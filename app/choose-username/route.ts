// GET /choose-username – single sign-on's "Choose a username" for a new account, as plain HTML with one small script (lib/account-pages)
import type { NextRequest } from "next/server";
import { chooseUsernamePageResponse } from "@/lib/account-pages/choose-username-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(req: NextRequest): Promise<Response> {
  return chooseUsernamePageResponse(req);
}
