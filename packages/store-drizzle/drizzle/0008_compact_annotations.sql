-- Hand-written: clauses are stored with their annotation in the compact form of annotation-codec.ts
-- from now on. A store with no clause yet is marked as written in that form; a store with clauses
-- is converted by the store when it opens (the form is checked by decoding it, which SQL cannot do),
-- which then sets this mark.
INSERT INTO "store_meta" ("key", "value") SELECT 'annotation_format', '1' WHERE NOT EXISTS (SELECT 1 FROM "clauses");
