// One labelled input of the light account pages: the visible label names it; its hint and its
// error (filled in by public/account-forms.js) describe it through aria-describedby.
import { html, type Html } from "../public-site/html";

export type FieldOptions = {
  id: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autocomplete: string;
  hint?: string;
  /** Extra attributes, as markup (e.g. minlength). */
  attributes?: Html;
};

export function formField(field: FieldOptions): Html {
  const describedBy = [field.hint ? `${field.id}-hint` : ""].filter(Boolean).join(" ");
  return html`<div class="field"><label class="label" for="${field.id}">${field.label}</label><input class="input" id="${field.id}" name="${field.name}" type="${field.type ?? "text"}" autocomplete="${field.autocomplete}" required${describedBy ? html` aria-describedby="${describedBy}"` : ""}${field.attributes ?? ""}/>${field.hint ? html`<p class="hint" id="${field.id}-hint">${field.hint}</p>` : ""}<p class="field-error" id="${field.id}-error" hidden></p></div>`;
}

export const PASSWORD_HINT = "At least 10 characters, and not one of the most common passwords.";
