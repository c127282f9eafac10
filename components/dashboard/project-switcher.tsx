"use client";
// The "Project" switcher of the shell (TEAMS.md "Dashboard"): a native select (a combobox named
// "Project"), each project with the caller's role in it, shown when the account belongs to more
// than one project. Choosing one opens the same section of the dashboard in that project
// (`?project=<username>`; the account's own project needs no parameter).
//
// Chromium changes a closed select's value on every arrow key: switching on each of those would
// take a keyboard user to a project they were only passing by (WCAG 3.2.2). So a change made with
// the arrow keys waits for Enter (Escape or leaving the field puts the current project back); a
// pointer choice, or one made in the open list, switches at once.
import { usePathname } from "next/navigation";
import { useId, useRef, useState } from "react";
import styles from "./shell.module.css";

export type SwitcherProject = { username: string; displayName: string | null; role: string };

const BROWSE_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

export function ProjectSwitcher({ projects, current, own }: { projects: SwitcherProject[]; current: string; own: string }) {
  const pathname = usePathname();
  const hintId = useId();
  const [value, setValue] = useState(current);
  const browsing = useRef(false);

  function open(username: string) {
    if (username === current) return;
    // The same section (posts, collections, …), not the same record: ids differ between projects.
    const section = pathname.split("/").slice(0, 3).join("/") || "/dashboard/posts";
    // A whole page load: the shell (navigation by role, this switcher) is the layout's, which a
    // client-side navigation that changes only the query would keep from the old project.
    window.location.assign(username === own ? section : `${section}?project=${encodeURIComponent(username)}`);
  }

  return (
    <div className={styles.project}>
      <label className="visually-hidden" htmlFor={`${hintId}-select`}>Project</label>
      <select
        id={`${hintId}-select`}
        className={styles.projectSelect}
        value={value}
        aria-describedby={hintId}
        onKeyDown={(event) => {
          if (BROWSE_KEYS.has(event.key) && !event.altKey) browsing.current = true;
          else if (event.key === "Enter" && value !== current) {
            event.preventDefault();
            open(value);
          } else if (event.key === "Escape") setValue(current);
        }}
        onChange={(event) => {
          setValue(event.target.value);
          if (browsing.current) browsing.current = false;
          else open(event.target.value);
        }}
        onBlur={() => {
          browsing.current = false;
          setValue(current);
        }}
      >
        {projects.map((project) => (
          <option key={project.username} value={project.username}>
            {project.displayName || project.username} · {project.role.charAt(0).toUpperCase() + project.role.slice(1)}
          </option>
        ))}
      </select>
      <span id={hintId} className="visually-hidden">Opens the chosen project; with the arrow keys, press Enter to open it.</span>
    </div>
  );
}
