// The PostgreSQL extensions the schema uses, as PGlite needs them: each is a WASM bundle that must
// be handed to PGlite when it opens, before `CREATE EXTENSION` in a migration can find it.
// pg_trgm serves the search indexes (ILIKE '%…%' over titles and excerpts, migration
// search_trigram_indexes); a real PostgreSQL ships it in its contrib package.
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };
