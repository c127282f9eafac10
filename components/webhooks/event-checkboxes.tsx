"use client";
import { Checkbox } from "../ui/field";
import styles from "./webhooks.module.css";

/** One checkbox per subscribable event type, each named by the event (`post.published`, …). */
export function EventCheckboxes({ eventTypes, value, onChange, error }: { eventTypes: readonly string[]; value: string[]; onChange: (events: string[]) => void; error?: string }) {
  return (
    <fieldset className={styles.events}>
      <legend className={styles.legend}>Events</legend>
      {eventTypes.map((type) => (
        <Checkbox
          key={type}
          label={<code>{type}</code>}
          checked={value.includes(type)}
          onChange={(event) => onChange(event.target.checked ? [...value, type] : value.filter((other) => other !== type))}
        />
      ))}
      {error ? <p className={styles.error}>{error}</p> : null}
    </fieldset>
  );
}
