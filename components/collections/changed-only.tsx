"use client";
// "Changed fields only" for the compare view, on by default: a checkbox that hides the unchanged
// rows through a data attribute (the diff itself stays server-rendered).
import { useState, type ReactNode } from "react";
import { Checkbox } from "../ui/field";

export function ChangedOnly({ children }: { children: ReactNode }) {
  const [on, setOn] = useState(true);
  return (
    <div data-changed-only={on ? "" : undefined}>
      <Checkbox label="Changed fields only" checked={on} onChange={(event) => setOn(event.target.checked)} />
      {children}
    </div>
  );
}
