// /robots.txt: crawlers may read the blogs, not the dashboard or the API, and find every public
// post through the sitemap (PUBLIC-SITE.md).
import type { MetadataRoute } from "next";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic"; // PUBLIC_BASE_URL is read at run time, not at build.

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/dashboard", "/api"] },
    sitemap: `${env.publicBaseUrl}/sitemap.xml`,
  };
}
