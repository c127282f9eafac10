import type { Metadata } from "next";
import "./globals.css";

// The root layout is only the document: the marketing pages, the dashboard shell
// (app/(dashboard)/layout.tsx) and the public blogs each bring their own header.
export const metadata: Metadata = {
  title: { default: "Inkbase", template: "%s · Inkbase" },
  description: "Content publishing: posts and versioned collections behind a REST API.",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
