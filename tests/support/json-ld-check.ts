// A runtime check of the JSON-LD a post read returns, beside the compile-time check that
// lib/seo/post-json-ld.ts is typed with schema-dts: the properties schema.org and Google's
// structured-data guidelines need on a BlogPosting and a BreadcrumbList, with the right types.
// Returns the problems found (empty when valid).
type Json = Record<string, unknown>;

const isAbsoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);
const isIsoDate = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);
const isText = (value: unknown) => typeof value === "string" && value.trim() !== "";

function checkPerson(person: unknown, where: string, problems: string[]) {
  const p = person as Json;
  if (p?.["@type"] !== "Person") problems.push(`${where}: @type must be Person`);
  if (!isText(p?.name)) problems.push(`${where}: name is required`);
  if (p?.url !== undefined && !isAbsoluteUrl(p.url)) problems.push(`${where}: url must be absolute`);
}

export function jsonLdProblems(items: unknown): string[] {
  const problems: string[] = [];
  if (!Array.isArray(items)) return ["jsonLd must be an array"];
  for (const [index, item] of items.entries()) {
    const node = item as Json;
    if (node["@context"] !== "https://schema.org") problems.push(`[${index}]: @context must be https://schema.org`);
    if (node["@type"] === "BlogPosting") {
      if (!isText(node.headline)) problems.push("BlogPosting: headline is required");
      if (typeof node.description !== "string") problems.push("BlogPosting: description must be text");
      if (!isIsoDate(node.datePublished)) problems.push("BlogPosting: datePublished must be an ISO 8601 date-time");
      if (!isIsoDate(node.dateModified)) problems.push("BlogPosting: dateModified must be an ISO 8601 date-time");
      if (!isAbsoluteUrl(node.url)) problems.push("BlogPosting: url must be absolute");
      const authors = node.author;
      if (!Array.isArray(authors) || authors.length === 0) problems.push("BlogPosting: author must be a non-empty list");
      else authors.forEach((author, i) => checkPerson(author, `BlogPosting.author[${i}]`, problems));
      if (node.image !== undefined && !(Array.isArray(node.image) && node.image.every(isAbsoluteUrl))) {
        problems.push("BlogPosting: image must be a list of absolute URLs");
      }
      if (node.keywords !== undefined && !(Array.isArray(node.keywords) && node.keywords.every(isText))) {
        problems.push("BlogPosting: keywords must be a list of text");
      }
    } else if (node["@type"] === "BreadcrumbList") {
      const elements = node.itemListElement;
      if (!Array.isArray(elements) || elements.length === 0) problems.push("BreadcrumbList: itemListElement is required");
      else {
        elements.forEach((element, i) => {
          const entry = element as Json;
          if (entry["@type"] !== "ListItem") problems.push(`BreadcrumbList[${i}]: @type must be ListItem`);
          if (entry.position !== i + 1) problems.push(`BreadcrumbList[${i}]: position must be ${i + 1}`);
          if (!isText(entry.name)) problems.push(`BreadcrumbList[${i}]: name is required`);
          if (!isAbsoluteUrl(entry.item)) problems.push(`BreadcrumbList[${i}]: item must be an absolute URL`);
        });
      }
    } else {
      problems.push(`[${index}]: unexpected @type ${String(node["@type"])}`);
    }
  }
  return problems;
}
