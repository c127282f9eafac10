"use client";
// A medium as a square thumbnail button named by its file name; the smallest variant, over its
// blurred placeholder while it loads.
import type { Media } from "@/lib/client/media-api";
import styles from "./media.module.css";

export function thumbnailUrl(media: Media): string {
  return media.variants[0]?.url ?? media.url;
}

export function MediaThumbnail({ media, selected, onClick }: { media: Media; selected?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={styles.thumb} aria-label={media.filename} aria-pressed={selected === undefined ? undefined : selected} onClick={onClick} style={{ backgroundImage: `url("${media.placeholder}")` }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- our own media URLs, possibly on a CDN */}
      <img src={thumbnailUrl(media)} alt="" loading="lazy" decoding="async" width={media.width} height={media.height} />
    </button>
  );
}
