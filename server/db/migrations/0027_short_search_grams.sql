-- Every distinct one- and two-character piece of a text: a search of one or two letters finds names in a GIN
-- index of these, where pg_trgm needs three letters and scanned the whole table.
CREATE OR REPLACE FUNCTION short_grams(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr($1, i, 1) AS g FROM generate_series(1, length($1)) AS i
    UNION ALL
    SELECT substr($1, i, 2) FROM generate_series(1, length($1) - 1) AS i
  ) AS pieces $$;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "name_grams" text[] GENERATED ALWAYS AS (short_grams(search_fold(name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "recipes_name_grams_idx" ON "recipes" USING gin ("name_grams") WITH (fastupdate=false);