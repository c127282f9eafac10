import { ProjectLink as Link } from "@/components/dashboard/project-link";
import type { ComponentProps } from "react";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "dangerSolid" | "ghost";
type Look = { variant?: ButtonVariant; size?: "md" | "sm" };

export function buttonClass({ variant = "secondary", size = "md" }: Look = {}, extra?: string): string {
  return [styles.button, styles[variant], size === "sm" ? styles.sm : "", extra ?? ""].filter(Boolean).join(" ");
}

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & Look) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

/** A link that looks like a button (navigation stays a link for the keyboard and screen readers). */
export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
