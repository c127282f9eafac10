import type { Metadata } from "next";
import { SITE_DESCRIPTION, SITE_NAME } from "@/lib/public-site/site-metadata";
import "./globals.css";

// The root layout is only the document: the marketing pages and the dashboard shell
// (app/(dashboard)/layout.tsx) each bring their own header. The public blog pages are route
// handlers that write their own documents, without React on the client (lib/public-site).
export const metadata: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
