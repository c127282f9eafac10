// Filters of the audit log as a plain GET form (the URL is the state; no JavaScript needed):
// person, action (an area) and a date range, plus "Download CSV" of the same filters.
import Link from "next/link";
import { buttonClass } from "../ui/button";
import { controlClass, labelClass } from "../ui/control-class";
import styles from "./audit.module.css";

export type AuditFilterValues = { person?: string; action?: string; from?: string; to?: string };
export type AuditPerson = { id: string; label: string };

export const AUDIT_AREA_LABELS: Record<string, string> = {
  post: "Posts",
  entry: "Entries",
  label: "Labels",
  collection: "Collections",
  media: "Media",
  key: "API keys",
  webhook: "Webhooks",
  member: "Members",
  invitation: "Invitations",
  review: "Reviews",
  project: "Project",
  import: "Imports",
  export: "Exports",
  account: "Account and sign-ins",
};

export function AuditFilters({ values, people, csvHref }: { values: AuditFilterValues; people: AuditPerson[]; csvHref: string }) {
  const active = Boolean(values.person || values.action || values.from || values.to);
  return (
    <form key={`${values.person ?? ""}|${values.action ?? ""}|${values.from ?? ""}|${values.to ?? ""}`} method="get" role="search" aria-label="Filter the audit log" className={styles.filters}>
      <div className={styles.select}>
        <label htmlFor="audit-person" className={labelClass}>Person</label>
        <select id="audit-person" name="person" defaultValue={values.person ?? ""} className={controlClass}>
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>{person.label}</option>
          ))}
        </select>
      </div>
      <div className={styles.select}>
        <label htmlFor="audit-action" className={labelClass}>Action</label>
        <select id="audit-action" name="action" defaultValue={values.action ?? ""} className={controlClass}>
          <option value="">All actions</option>
          {Object.entries(AUDIT_AREA_LABELS).map(([area, label]) => (
            <option key={area} value={area}>{label}</option>
          ))}
        </select>
      </div>
      <div className={styles.date}>
        <label htmlFor="audit-from" className={labelClass}>From</label>
        <input id="audit-from" type="date" name="from" defaultValue={values.from ?? ""} className={controlClass} />
      </div>
      <div className={styles.date}>
        <label htmlFor="audit-to" className={labelClass}>To</label>
        <input id="audit-to" type="date" name="to" defaultValue={values.to ?? ""} className={controlClass} />
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>Filter</button>
        {active ? <Link href="/dashboard/audit" className={buttonClass({ variant: "ghost" })}>Clear filters</Link> : null}
        <a href={csvHref} download className={buttonClass({ variant: "secondary" })}>Download CSV</a>
      </div>
    </form>
  );
}
