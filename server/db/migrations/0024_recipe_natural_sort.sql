-- Recipe lists order names with their numbers by value ("Pizza 2" before "Pizza 10"), case and accents aside, as the
-- oven and location lists do (0022): the key is kept on write and the list index is built on it. Adding the column
-- rewrites the table once.
DROP INDEX "recipes_team_name_idx";--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (natural_sort_key(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "recipes_team_name_idx" ON "recipes" USING btree ("team_id","sort_key","id");