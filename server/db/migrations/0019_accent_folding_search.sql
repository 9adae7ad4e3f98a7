-- Searches ignore case and accents ("cafe" finds "Café", "CREME" finds "crème"): one immutable fold, kept on write in
-- a generated column of each searched name (a scan too short for the trigram index reads it, never folding every
-- row), which the trigram index is built on; the app folds the searched text alike (shared/domain/search.ts holds the
-- same pair, tested against this). translate() of the Latin letters with accents (Latin-1 and Latin Extended-A) to
-- their base letter, after lower(); no extension, so the embedded database and PostgreSQL fold alike.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(lower($1), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz') $$;--> statement-breakpoint
DROP INDEX "locations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "ovens_name_trgm_idx";--> statement-breakpoint
DROP INDEX "recipes_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "name_key" text GENERATED ALWAYS AS (search_fold(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "address_key" text GENERATED ALWAYS AS (search_fold(address)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "name_key" text GENERATED ALWAYS AS (search_fold(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "name_key" text GENERATED ALWAYS AS (search_fold(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin ("name_key" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ovens_name_trgm_idx" ON "ovens" USING gin ("name_key" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "recipes_name_trgm_idx" ON "recipes" USING gin ("name_key" gin_trgm_ops) WITH (fastupdate=false);