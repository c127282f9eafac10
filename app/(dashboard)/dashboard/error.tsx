"use client";
// The dashboard's error boundary: something failed while rendering a page. The author keeps the
// shell, sees what happened (with the digest the server log carries) and can try again.
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <EmptyState title="Something went wrong" action={<Button variant="primary" onClick={reset}>Try again</Button>}>
      This page could not be shown. Nothing you saved is lost.{error.digest ? ` (Reference: ${error.digest})` : ""}
    </EmptyState>
  );
}
