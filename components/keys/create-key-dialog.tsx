"use client";
// "Create key" (DASHBOARD.md "API keys"): a dialog with "Name", one checkbox per scope named by
// the scope, an optional "Expires" date; then the full key, once, in "New API key" with "Copy".
// Teams (TEAMS.md "Keys"): a key is personal (acts as its maker, within their role) unless an
// admin or the owner chooses "Project key" and its "Role".
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { createKey, type CreatedKey } from "@/lib/client/keys-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { CheckboxGroup } from "../ui/checkbox-group";
import { InputField, SelectField } from "../ui/field";
import { SecretReveal } from "../ui/secret-reveal";
import styles from "./keys.module.css";

/** The end of the chosen day in the author's own time zone: a key "expiring on the 3rd" works all that day. */
function endOfLocalDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/**
 * `scopes` comes from the server page (lib/auth/scopes.ts would bring zod into the browser
 * bundle): the scopes this member's personal keys may carry (a viewer's: read scopes only).
 * `projectRoles`: the roles a project key may have, when the caller may make project keys (can()
 * on the server); empty otherwise, and the dialog makes personal keys only.
 */
export function CreateKeyDialog({ scopes: allScopes, projectScopes = allScopes, projectRoles = [] }: { scopes: readonly string[]; projectScopes?: readonly string[]; projectRoles?: readonly string[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState("");
  const [kind, setKind] = useState<"personal" | "project">("personal");
  const [keyRole, setKeyRole] = useState(projectRoles.includes("editor") ? "editor" : (projectRoles[0] ?? ""));
  const offered = kind === "project" ? projectScopes : allScopes;
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);

  function reset() {
    setName("");
    setScopes([]);
    setExpires("");
    setKind("personal");
    setErrors({});
    setCreated(null);
  }

  function close() {
    setOpen(false);
    if (created) router.refresh();
    reset();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const chosen = offered.filter((scope) => scopes.includes(scope));
    if (!chosen.length) {
      setErrors({ scopes: "Choose at least one scope." });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const expiresAt = expires ? endOfLocalDay(expires) : null;
      setCreated(await createKey(kind === "project" ? { name: name.trim(), scopes: chosen, expiresAt, kind, role: keyRole } : { name: name.trim(), scopes: chosen, expiresAt }));
      router.refresh();
    } catch (err) {
      if (err instanceof ApiRequestError && err.body.issues?.length) {
        setErrors({ name: err.fieldError("name"), expires: err.fieldError("expiresAt"), form: err.fieldError("name") || err.fieldError("expiresAt") ? undefined : describeError(err) });
      } else {
        setErrors({ form: describeError(err) });
      }
    } finally {
      setPending(false);
    }
  }

  const today = new Date().toLocaleDateString("en-CA"); // YYYY-MM-DD in the local zone

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>Create key</Button>
      <Dialog
        open={open}
        onClose={close}
        title="Create key"
        actions={
          created ? (
            <Button variant="primary" onClick={close}>Done</Button>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="primary" type="submit" form="create-key-form" disabled={pending}>{pending ? "Creating…" : "Create key"}</Button>
            </>
          )
        }
      >
        {created ? (
          <SecretReveal label="New API key" value={created.key}>
            Copy this key now and keep it somewhere safe: it will not be shown again. Afterwards it is known here only by its prefix <code>{created.prefix}</code>.
          </SecretReveal>
        ) : (
          <form id="create-key-form" className={styles.form} onSubmit={submit} noValidate>
            <InputField label="Name" name="name" required maxLength={100} value={name} error={errors.name} hint="What uses it, e.g. “CI deploys”." onChange={(event) => setName(event.target.value)} />
            {projectRoles.length ? (
              <fieldset className={styles.kinds}>
                <legend className={styles.legend}>Kind</legend>
                {(["personal", "project"] as const).map((option) => (
                  <div key={option} className={styles.kind}>
                    <input type="radio" id={`key-kind-${option}`} name="kind" value={option} checked={kind === option} aria-describedby={`key-kind-${option}-hint`} onChange={() => setKind(option)} />
                    <span>
                      <label htmlFor={`key-kind-${option}`}><strong>{option === "personal" ? "Personal key" : "Project key"}</strong></label>
                      <span id={`key-kind-${option}-hint`} className={styles.muted}>
                        {option === "personal" ? "Acts as you, within your role; stops working if you leave or are removed." : "Acts as the project with the role you give it; survives member changes."}
                      </span>
                    </span>
                  </div>
                ))}
              </fieldset>
            ) : null}
            {kind === "project" ? (
              <SelectField label="Role" name="role" value={keyRole} onChange={(event) => setKeyRole(event.target.value)}>
                {projectRoles.map((role) => <option key={role} value={role}>{role.charAt(0).toUpperCase() + role.slice(1)}</option>)}
              </SelectField>
            ) : null}
            <CheckboxGroup legend="Scopes" options={offered} value={scopes.filter((scope) => offered.includes(scope))} onChange={setScopes} error={errors.scopes} />
            <InputField label="Expires" name="expires" type="date" min={today} value={expires} error={errors.expires} hint="Optional. The key stops working at the end of that day." onChange={(event) => setExpires(event.target.value)} />
            {errors.form ? <p role="alert" className={styles.error}>{errors.form}</p> : null}
          </form>
        )}
      </Dialog>
    </>
  );
}
