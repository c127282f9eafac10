"use client";
// One row per file being uploaded: a progress bar named by the file name (role "progressbar",
// from the native <progress>), or what was wrong with it (role "alert").
import type { UploadItem } from "./use-media-uploads";
import styles from "./media.module.css";

export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (key: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.uploads} aria-label="Uploads">
      {items.map((item) => (
        <li key={item.key} className={styles.upload}>
          <span className={styles.uploadName}>{item.name}</span>
          {item.error ? (
            <>
              <span role="alert" className={styles.uploadError}>{item.error}</span>
              <button type="button" className={styles.dismiss} aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.key)}>×</button>
            </>
          ) : (
            <progress className={styles.progress} aria-label={item.name} max={100} value={Math.round(item.progress * 100)}>
              {Math.round(item.progress * 100)}%
            </progress>
          )}
        </li>
      ))}
    </ul>
  );
}
