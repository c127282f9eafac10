"use client";
// Chooses the two versions to compare; the pair goes into the URL (`?compare=v_3...v_7`) so a
// comparison can be shared.
import { usePathname } from "next/navigation";
import { useProjectRouter } from "@/components/dashboard/project-link";
import { useState } from "react";
import { buttonClass } from "../ui/button";
import { controlClass, labelClass } from "../ui/control-class";
import styles from "./collections.module.css";

export function ComparePicker({ versions, from, to }: { versions: number[]; from?: number; to?: number }) {
  const router = useProjectRouter();
  const pathname = usePathname();
  const [a, setA] = useState(String(from ?? versions[1] ?? versions[0] ?? ""));
  const [b, setB] = useState(String(to ?? versions[0] ?? ""));
  return (
    <form
      className={styles.comparePicker}
      aria-label="Choose versions to compare"
      onSubmit={(event) => {
        event.preventDefault();
        router.push(`${pathname}?compare=v_${a}...v_${b}#compare`, { scroll: false });
      }}
    >
      <div>
        <label htmlFor="compare-from" className={labelClass}>From version</label>
        <select id="compare-from" className={controlClass} value={a} onChange={(event) => setA(event.target.value)}>
          {versions.map((n) => <option key={n} value={n}>v_{n}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="compare-to" className={labelClass}>To version</label>
        <select id="compare-to" className={controlClass} value={b} onChange={(event) => setB(event.target.value)}>
          {versions.map((n) => <option key={n} value={n}>v_{n}</option>)}
        </select>
      </div>
      <button type="submit" className={buttonClass({ variant: "secondary" })}>Compare</button>
    </form>
  );
}
