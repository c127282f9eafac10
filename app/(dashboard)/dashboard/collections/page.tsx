import type { Metadata } from "next";
import { ComingNext } from "@/components/dashboard/coming-next";

export const metadata: Metadata = { title: "Collections" };

export default function CollectionsPage() {
  return (
    <ComingNext title="Collections">
      Collections, their entries, version history and label promotion get their screens next. Until then the
      collections API (<code>/api/collections</code>) works with your session or an API key.
    </ComingNext>
  );
}
