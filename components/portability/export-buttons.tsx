"use client";
// "Download JSON" and "Download Markdown": buttons that send the browser to GET /api/export, which
// answers with an attachment, so the browser streams the zip to disk and the page stays put.
import { pageProject } from "@/lib/client/project-fetch";
import { Button } from "../ui/button";
import styles from "./portability.module.css";

export function ExportButtons() {
  const download = (format: "json" | "markdown") => {
    // A route handler's attachment, not a page: the browser downloads it and stays on this page.
    // A navigation cannot send Inkbase-Project: the page's project goes as `?project=` instead.
    const url = new URL(`/api/export?format=${format}`, window.location.href);
    const project = pageProject();
    if (project) url.searchParams.set("project", project);
    window.location.assign(url);
  };
  return (
    <div className={styles.downloads}>
      <Button variant="primary" onClick={() => download("json")}>Download JSON</Button>
      <Button onClick={() => download("markdown")}>Download Markdown</Button>
    </div>
  );
}
