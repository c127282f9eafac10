// Markdown files with YAML front matter (`title`, `slug`, `date`, `tags`, `draft`, `excerpt`,
// `cover`; also `status`, `visibility`, `subtitle`, `featured`), one file or a .zip of them (any
// folder depth, `.md` and `.markdown`). The front matter is YAML parsed by the `yaml` package;
// its errors name the file and line. An item's identity is its path in the zip (its name alone
// for a single file). Without `title`, the first `# heading` or the file name is the title;
// without `slug`, the file name is. `draft: true` makes a draft; otherwise the post is
// published at `date` (a future date schedules it).
import { parse, YAMLParseError } from "yaml";
import { slugify } from "../posts/slugify";
import { MalformedImport, type ImportPost } from "./import-item";
import { isZip, readZip } from "./read-zip";

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const MARKDOWN_FILE = /\.(?:md|markdown)$/i;

type Front = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function frontMatter(text: string, path: string): { front: Front; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { front: {}, body: text };
  let front: unknown;
  try {
    front = parse(match[1]);
  } catch (err) {
    if (err instanceof YAMLParseError) {
      // +1: the opening `---` line comes before the YAML.
      const line = (err.linePos?.[0]?.line ?? 0) + 1;
      throw new MalformedImport(`${path}: invalid front matter at line ${line}: ${err.message.split("\n")[0]}`);
    }
    throw err;
  }
  if (front !== null && (typeof front !== "object" || Array.isArray(front))) throw new MalformedImport(`${path}: the front matter is not a mapping`);
  return { front: (front ?? {}) as Front, body: text.slice(match[0].length) };
}

function dateOf(value: unknown, path: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  const parsed = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(parsed.getTime())) throw new MalformedImport(`${path}: "date" is not a date (${String(value)})`);
  return parsed.toISOString();
}

function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((tag) => String(tag).trim()).filter(Boolean);
  if (typeof value === "string") return value.split(",").map((tag) => tag.trim()).filter(Boolean);
  return [];
}

export function parseMarkdownFile(text: string, path: string): ImportPost {
  const { front, body } = frontMatter(text, path);
  const base = path.split("/").pop()!.replace(MARKDOWN_FILE, "");
  const heading = /^#[ \t]+(.+)$/m.exec(body);
  const title = str(front.title) ?? heading?.[1].trim() ?? base;
  // A heading that only repeats the title is the title, not content.
  const content = !str(front.title) && heading && body.trimStart().startsWith(heading[0]) ? body.trimStart().slice(heading[0].length) : body;
  const draft = front.draft === true || front.draft === "true" || str(front.status) === "draft";
  const visibility = str(front.visibility);
  return {
    kind: "post",
    key: path,
    label: path,
    body: { markdown: content },
    notes: [],
    coauthors: [],
    fields: {
      title,
      slug: str(front.slug) ?? slugify(base),
      status: draft ? "draft" : "published",
      publishedAt: dateOf(front.date ?? front.publishedAt, path),
      excerpt: str(front.excerpt) ?? str(front.description),
      coverImage: str(front.cover) ?? str(front.image),
      visibility: visibility === "private" || visibility === "link-only" ? visibility : "public",
      subtitle: str(front.subtitle),
      featured: front.featured === true,
      tagNames: tagsOf(front.tags),
    },
  };
}

export async function parseMarkdown(bytes: Uint8Array, filename: string): Promise<ImportPost[]> {
  if (!isZip(bytes)) return [parseMarkdownFile(Buffer.from(bytes).toString("utf8"), filename)];
  const files = await readZip(bytes, filename, (path) => MARKDOWN_FILE.test(path));
  if (!files.length) throw new MalformedImport(`${filename}: the zip holds no .md file`);
  return files.sort((a, b) => a.path.localeCompare(b.path)).map((file) => parseMarkdownFile(file.bytes.toString("utf8"), file.path));
}
