"use client";
// The settings panel (DASHBOARD.md "The editor"): slug, excerpt, tags, cover, visibility,
// co-authors, and the SEO overrides with live previews. Each change goes to autosave like the
// text does; the API's refusals appear beside their fields.
import { useState } from "react";
import type { SeoSource } from "@/lib/seo/seo-source";
import { MediaPickerDialog } from "../media/media-picker-dialog";
import { Button } from "../ui/button";
import { InputField, SelectField, TextareaField } from "../ui/field";
import { CoauthorsField } from "./coauthors-field";
import styles from "./editor.module.css";
import type { FormField, PatchField, PostFormValues } from "./post-fields";
import { SeoPreview } from "./seo-preview";

type Props = {
  values: PostFormValues;
  errors: Partial<Record<PatchField, string>>;
  autoExcerpt: string;
  seoSource: SeoSource;
  onChange: <F extends FormField>(field: F, value: PostFormValues[F]) => void;
  onSlugEdited: () => void;
  onBlur: () => void;
};

const SEO_FIELDS: { field: FormField; label: string; long?: boolean; url?: boolean }[] = [
  { field: "seoTitle", label: "SEO title" },
  { field: "seoDescription", label: "SEO description", long: true },
  { field: "canonicalUrl", label: "Canonical URL", url: true },
  { field: "ogTitle", label: "Open Graph title" },
  { field: "ogDescription", label: "Open Graph description", long: true },
  { field: "ogImage", label: "Open Graph image URL", url: true },
  { field: "twitterTitle", label: "Twitter title" },
  { field: "twitterDescription", label: "Twitter description", long: true },
  { field: "twitterImage", label: "Twitter image URL", url: true },
];

export function PostSettings({ values, errors, autoExcerpt, seoSource, onChange, onSlugEdited, onBlur }: Props) {
  const [seoOpen, setSeoOpen] = useState(false);
  const [choosingCover, setChoosingCover] = useState(false);
  const text = (field: FormField) => ({
    value: values[field] as string,
    error: errors[field],
    onBlur,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(field, event.target.value),
  });
  return (
    <aside className={styles.panel} aria-labelledby="post-settings">
      <h2 id="post-settings" className={styles.panelTitle}>Post settings</h2>
      <InputField
        label="Slug"
        {...text("slug")}
        onChange={(event) => {
          onSlugEdited();
          onChange("slug", event.target.value.toLowerCase());
        }}
        hint={`/${values.slug || "…"} — lowercase letters, digits and hyphens`}
        autoComplete="off"
        spellCheck={false}
      />
      <TextareaField label="Excerpt" {...text("excerpt")} rows={3} placeholder={autoExcerpt || "Written from the first lines of the post"} hint="Empty: the first lines of the post." />
      <InputField label="Tags" {...text("tags")} placeholder="travel, notes" hint="Separate tags with commas." />
      <InputField label="Cover image URL" type="url" {...text("coverImage")} placeholder="https://…" />
      <div>
        <Button size="sm" onClick={() => setChoosingCover(true)}>Choose image</Button>
      </div>
      <MediaPickerDialog
        open={choosingCover}
        title="Choose image"
        onClose={() => setChoosingCover(false)}
        onPick={(image) => {
          setChoosingCover(false);
          onChange("coverImage", image.src);
        }}
      />
      {values.coverImage.trim() && /^https?:\/\//i.test(values.coverImage.trim()) ? (
        // eslint-disable-next-line @next/next/no-img-element -- any author-given URL, not a local asset
        <img className={styles.cover} src={values.coverImage.trim()} alt="Cover image preview" />
      ) : null}
      <SelectField
        label="Visibility"
        value={values.visibility}
        error={errors.visibility}
        onChange={(event) => onChange("visibility", event.target.value as PostFormValues["visibility"])}
        hint={values.visibility === "link-only" ? "Anyone with the link can read it; lists, feeds and search engines leave it out." : values.visibility === "private" ? "Only you can see it, here." : "Listed on your blog and in feeds once published."}
      >
        <option value="public">Public</option>
        <option value="link-only">Link only</option>
        <option value="private">Private</option>
      </SelectField>
      <CoauthorsField value={values.coauthors} error={errors.coauthors} onChange={(next) => onChange("coauthors", next)} />
      <div className={`${styles.details} ${styles.group}`}>
        <SeoPreview source={seoSource} />
        <Button variant="ghost" size="sm" aria-expanded={seoOpen} aria-controls="seo-fields" onClick={() => setSeoOpen((open) => !open)}>
          {seoOpen ? "▾" : "▸"} SEO and social
        </Button>
        {/* Mounted only when opened: "SEO title" and friends would otherwise share "Title" with the post's title field for label lookups. */}
        {seoOpen ? (
        <div className={styles.group} id="seo-fields">
          {SEO_FIELDS.map(({ field, label, long, url }) =>
            long ? (
              <TextareaField key={field} label={label} rows={2} {...text(field)} />
            ) : (
              <InputField key={field} label={label} type={url ? "url" : "text"} {...text(field)} />
            ),
          )}
          <InputField label="Robots" {...text("robots")} placeholder="index, follow" hint="Empty: index, follow for public posts; noindex otherwise." />
        </div>
        ) : null}
      </div>
    </aside>
  );
}
