"use client";
// "Download JSON" and "Download Markdown": buttons that send the browser to GET /api/export, which
// answers with an attachment, so the browser streams the zip to disk and the page stays put.
import { Button } from "../ui/button";
import styles from "./portability.module.css";

export function ExportButtons() {
  const download = (format: "json" | "markdown") => {
    // A route handler's attachment, not a page: the browser downloads it and stays on this page.
    window.location.assign(new URL(`/api/export?format=${format}`, window.location.href));
  };
  return (
    <div className={styles.downloads}>
      <Button variant="primary" onClick={() => download("json")}>Download JSON</Button>
      <Button onClick={() => download("markdown")}>Download Markdown</Button>
    </div>
  );
}
