import type { Metadata } from "next";
import { ComingNext } from "@/components/dashboard/coming-next";

export const metadata: Metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <ComingNext title="API keys">
      Creating and revoking keys here comes next. Until then: <code>npm run --silent admin -- key:create --username you --scopes posts:read,posts:write</code>.
    </ComingNext>
  );
}
