import type { Metadata } from "next";
import { ComingNext } from "@/components/dashboard/coming-next";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <ComingNext title="Webhooks">
      Endpoints, test events and the delivery log come next. Until then: <code>npm run --silent admin -- webhook:create --username you --url https://…</code>.
    </ComingNext>
  );
}
