// The bare control look, for server-rendered inputs laid out by their page (search boxes, filter
// selects): importable from server components, unlike the client Field components.
import styles from "./field.module.css";

export const controlClass = styles.control;
export const labelClass = styles.label;
