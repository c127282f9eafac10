"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { updateProfile } from "@/lib/client/account-api";
import { Button } from "../ui/button";
import { InputField } from "../ui/field";
import { useToast } from "../ui/toast";
import styles from "./account.module.css";

export function DisplayNameForm({ initial, username }: { initial: string | null; username: string }) {
  const router = useRouter();
  const notify = useToast();
  const [value, setValue] = useState(initial ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await updateProfile({ displayName: value.trim() || null });
      notify("Display name saved", "success");
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiRequestError ? (err.fieldError("displayName") ?? describeError(err)) : describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className={styles.form}>
      <InputField
        label="Display name"
        name="displayName"
        value={value}
        maxLength={100}
        placeholder={username}
        hint="Your blog's name in its pages, feeds and search results. Empty uses your username."
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <div>
        <Button type="submit" variant="primary" disabled={pending}>{pending ? "Saving…" : "Save"}</Button>
      </div>
    </form>
  );
}
