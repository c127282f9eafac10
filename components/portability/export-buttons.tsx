"use client";
// "Download JSON" and "Download Markdown": buttons that send the browser to GET /api/export, which
// answers with an attachment, so the browser streams the zip to disk and the page stays put.
import { Button } from "../ui/button";
import styles from "./portability.module.css";

export function ExportButtons() {
  const download = (format: "json" | "markdown") => {
    window.location.assign(`/api/export?format=${format}`);
  };
  return (
    <div className={styles.downloads}>
      <Button variant="primary" onClick={() => download("json")}>Download JSON</Button>
      <Button onClick={() => download("markdown")}>Download Markdown</Button>
    </div>
  );
}
