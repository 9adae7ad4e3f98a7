-- Trigram indexes of oven and location names alone: the team beside the trigram made the planner read every oven.
DROP INDEX "ovens_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ovens_name_trgm_idx" ON "ovens" USING gin (lower("name") gin_trgm_ops);