"use client";
// A reference field in the entry form (MODELING "Reference fields"): a combobox named by the
// field's label that searches the target collection's entries through the API (title and summary,
// the newest first when empty) and stores the chosen entry's id. An array of references lists the
// chosen entries, each with "Remove", above the same combobox. The ARIA 1.2 combobox pattern:
// arrows move through the options, Enter picks, Escape closes.
import { useEffect, useId, useRef, useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { searchEntries, type EntryOption } from "@/lib/client/collections-api";
import fieldStyles from "../ui/field.module.css";
import { Button } from "../ui/button";
import styles from "./reference-picker.module.css";

type Props = {
  /** The field's visible label, which names the combobox. */
  label: string;
  /** The target collection's slug. */
  collection: string;
  titles: Record<string, string>;
  error?: string;
} & ({ many?: false; value: string; onChange: (value: string) => void } | { many: true; value: string[]; onChange: (value: string[]) => void });

export function ReferencePicker(props: Props) {
  const { label, collection, error } = props;
  const id = useId();
  const listId = `${id}-options`;
  const [known, setKnown] = useState<Record<string, string>>(props.titles);
  const titleOf = (entryId: string) => known[entryId] ?? entryId;
  const single = props.many ? null : props.value;
  const [text, setText] = useState(single ? titleOf(single) : "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ query: string; options: EntryOption[]; error?: string } | null>(null);
  const request = useRef(0);
  const query = single !== null && text === titleOf(single) ? "" : text;

  useEffect(() => {
    if (!open) return;
    const mine = ++request.current;
    const timer = setTimeout(() => {
      searchEntries(collection, query)
        .then((options) => mine === request.current && setFound({ query, options }))
        .catch((err) => mine === request.current && setFound({ query, options: [], error: describeError(err) }));
    }, 200);
    return () => clearTimeout(timer);
  }, [open, query, collection]);

  const chosen = props.many ? props.value : [];
  const options = (found?.query === query ? found.options : []).filter((option) => !chosen.includes(option.id));
  const searching = open && found?.query !== query;

  function pick(option: EntryOption) {
    setKnown((titles) => ({ ...titles, [option.id]: option.label }));
    if (props.many) {
      props.onChange([...props.value, option.id]);
      setText("");
    } else {
      props.onChange(option.id);
      setText(option.label);
    }
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (options.length ? (current + step + options.length) % options.length : -1));
    } else if (event.key === "Enter" && open && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>{label}</label>
      {props.many && props.value.length ? (
        <ul className={styles.chosen} aria-label={`${label}: chosen entries`}>
          {props.value.map((entryId, i) => (
            <li key={`${entryId}-${i}`}>
              <span>{titleOf(entryId)}</span>
              <Button size="sm" variant="ghost" aria-label={`Remove ${titleOf(entryId)}`} onClick={() => props.onChange(props.value.filter((_, k) => k !== i))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.combo}>
        <input
          id={id}
          className={fieldStyles.control}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
          autoComplete="off"
          placeholder={props.many ? "Search to add an entry" : "Search entries"}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            // Typing without picking changes nothing: the field shows what it holds again.
            setText(single ? titleOf(single) : "");
          }}
          onKeyDown={onKeyDown}
        />
        {!props.many && props.value ? (
          <Button size="sm" variant="ghost" aria-label={`Clear ${label}`} onClick={() => { props.onChange(""); setText(""); }}>
            Clear
          </Button>
        ) : null}
        <ul id={listId} role="listbox" aria-label={`${label}: matching entries`} className={styles.options} hidden={!open || options.length === 0}>
          {options.map((option, i) => (
            <li
              key={option.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? styles.active : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {option.label}
              <span className={styles.optionId}>{option.id}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={hintId} className={fieldStyles.hint} aria-live="polite">
        {open && searching ? "Searching…" : open && found?.error ? found.error : open && !options.length ? "No entries match." : props.many ? `Entries of ${collection}, in this order.` : `An entry of ${collection}${single ? ` (id ${single})` : ""}.`}
      </p>
      {error ? <p id={errorId} className={fieldStyles.error}>{error}</p> : null}
    </div>
  );
}
