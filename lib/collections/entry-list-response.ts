// The entry listing's 200 answer. With full=1 each entry's `data` is the JSON text PostgreSQL
// returned (jsonb's own output, valid JSON), written into the body as is: parsing 50 documents
// only to serialise them again was most of the published listing's work (issue 27). Key order
// is that of every other entry answer: id, version, title, summary, slug, tag?, data, updatedAt.
import type { EntryList } from "./list-entries";
import { JsonText, type IncludedEntry } from "./resolve-includes";

/** An included entry with its data written as is (data is its last key). */
function includedJson(entry: IncludedEntry): string {
  if (!(entry.data instanceof JsonText)) return JSON.stringify(entry);
  const { data, ...head } = entry;
  return `${JSON.stringify(head).slice(0, -1)},"data":${data.text}}`;
}

export function entryListResponse(list: EntryList): Response {
  const { entries, dataTexts, includes, pageInfo } = list;
  const items = entries.map((entry, index) => {
    if (!dataTexts) return JSON.stringify(entry);
    const { updatedAt, ...head } = entry;
    const open = JSON.stringify(head);
    return `${open.slice(0, -1)},"data":${dataTexts[index]},"updatedAt":${JSON.stringify(updatedAt)}}`;
  });
  let body = `{"entries":[${items.join(",")}],"pageInfo":${JSON.stringify(pageInfo)}`;
  if (includes) {
    const { entries: included, ...rest } = includes; // unresolved, and truncated when set
    body += `,"includes":{"entries":[${included.map(includedJson).join(",")}],${JSON.stringify(rest).slice(1)}`;
  }
  return new Response(`${body}}`, { headers: { "content-type": "application/json" } });
}
