// GET /setup – the first-run page while no account exists (404 after), as plain HTML with one small script (lib/account-pages)
import { setupPageResponse } from "@/lib/account-pages/create-account-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return setupPageResponse();
}
