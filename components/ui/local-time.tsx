"use client";
// A date-time shown in the reader's own time zone. The server renders it in UTC (it cannot know
// the zone); once hydrated, the browser shows the local form.
import { useSyncExternalStore } from "react";

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
// Intl refuses timeZoneName next to dateStyle/timeStyle: the same look, spelled out.
const WITH_ZONE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };
const noSubscription = () => () => {};

export function formatLocal(iso: string, withZone = false): string {
  return new Intl.DateTimeFormat(undefined, withZone ? WITH_ZONE : FORMAT).format(new Date(iso));
}

function formatUtc(iso: string): string {
  return `${new Intl.DateTimeFormat("en-GB", { ...FORMAT, timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

/** True once running in the browser after hydration (false during server render and hydration). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export function LocalTime({ iso, withZone }: { iso: string; withZone?: boolean }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatLocal(iso, withZone) : formatUtc(iso)}</time>;
}
