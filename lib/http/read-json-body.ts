import { invalidJson } from "./api-error";

/** An empty body reads as undefined (so the body schema decides); anything unparsable is 400. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}
