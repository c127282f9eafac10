// One field of a collection's schema (DECISIONS §4): its type and options. collection-schema.ts
// validates a schema made of these; field-validator.ts turns one into the zod check of its values.
export const FIELD_TYPES = [
  "string",
  "text",
  "number",
  "integer",
  "boolean",
  "date",
  "datetime",
  "url",
  "email",
  "slug",
  "json",
  "richtext",
  "array",
  "object",
  "reference",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type EnumValue = string | number | boolean;

export type FieldDefinition = {
  name: string;
  type: FieldType;
  required?: boolean;
  enum?: EnumValue[];
  min?: number;
  max?: number;
  /** `array` only: the type of every item. Absent: items of any JSON type. */
  items?: FieldType;
  /** `object` only: the fields of the nested object. Absent: any object. */
  fields?: FieldDefinition[];
  /** `reference` (or an array of them) only: the slug of the collection the ids point into. */
  collection?: string;
};
