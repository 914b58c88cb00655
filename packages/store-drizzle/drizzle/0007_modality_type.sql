-- Hand-edited: the new column is filled from each stored annotation before the index is built.
DROP INDEX "clauses_filter_columns_idx";--> statement-breakpoint
ALTER TABLE "clauses" ADD COLUMN "modality_type" text;--> statement-breakpoint
UPDATE "clauses" SET "modality_type" = "interpersonal"->>'modalityType' WHERE "interpersonal"->>'modalityType' IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clauses_filter_columns_idx" ON "clauses" USING btree ("id","document_id","review_status","mood","process_type","modality_weight","tenor","source_type","annotation_source","modality_type");
