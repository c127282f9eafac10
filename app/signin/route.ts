// GET /signin – the sign-in page, as plain HTML with one small script (lib/account-pages)
import { signInPageResponse } from "@/lib/account-pages/sign-in-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(req: Request): Promise<Response> {
  return signInPageResponse(req);
}
