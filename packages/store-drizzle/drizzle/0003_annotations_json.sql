-- Hand-merged: one table rewrite converts the four annotation columns; jsonb's text form is valid json.
ALTER TABLE "clauses"
	ALTER COLUMN "syntactic" SET DATA TYPE json USING "syntactic"::json,
	ALTER COLUMN "ideational" SET DATA TYPE json USING "ideational"::json,
	ALTER COLUMN "interpersonal" SET DATA TYPE json USING "interpersonal"::json,
	ALTER COLUMN "textual" SET DATA TYPE json USING "textual"::json;
