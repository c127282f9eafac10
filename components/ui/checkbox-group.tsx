"use client";
// A fieldset of checkboxes, one per identifier (API key scopes, webhook event types): the legend
// names the group, each checkbox is named by its identifier (shown as code), and the error, when
// there is one, describes the group.
import { useId } from "react";
import { Checkbox } from "./field";
import styles from "./checkbox-group.module.css";

export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly string[];
  /** The checked options, in the order they were checked. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option}
          label={<code>{option}</code>}
          checked={value.includes(option)}
          onChange={(event) => onChange(event.target.checked ? [...value, option] : value.filter((other) => other !== option))}
        />
      ))}
      {error ? <p id={errorId} className={styles.error}>{error}</p> : null}
    </fieldset>
  );
}
