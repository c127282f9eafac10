// Path parameters of the collection routes. The collection `:id` is its slug; an id that names
// nothing is a 404 from the lookup, while a malformed version or label name is a 400.
import { z } from "zod";
import { labelNameSchema } from "./label-name";
import { versionIdSchema } from "./version-id";

export const collectionParams = z.object({ id: z.string() });
export const entryParams = collectionParams.extend({ entryId: z.string() });
export const versionParams = entryParams.extend({ version: versionIdSchema });
export const labelParams = entryParams.extend({ name: labelNameSchema });
