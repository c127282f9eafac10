// GET /signup – the sign-up page (REGISTRATION=open), as plain HTML with one small script (lib/account-pages)
import { signUpPageResponse } from "@/lib/account-pages/create-account-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return signUpPageResponse();
}
