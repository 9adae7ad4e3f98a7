-- Searches ignore case and accents ("cafe" finds "Café", "CREME" finds "crème"): one immutable fold that indexes
-- and queries share. translate() of Latin letters with accents (Latin-1 and Latin Extended-A) to their base letter,
-- after lower(); no extension, so the embedded database and PostgreSQL fold alike.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(lower($1), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz') $$;--> statement-breakpoint
DROP INDEX "locations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "ovens_name_trgm_idx";--> statement-breakpoint
DROP INDEX "recipes_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ovens_name_trgm_idx" ON "ovens" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "recipes_name_trgm_idx" ON "recipes" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);