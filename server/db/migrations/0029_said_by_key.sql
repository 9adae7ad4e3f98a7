ALTER TABLE "jobs" ADD COLUMN "error_said" jsonb;--> statement-breakpoint
ALTER TABLE "menu_versions" ADD COLUMN "name_said" jsonb;--> statement-breakpoint
ALTER TABLE "menu_versions" ADD COLUMN "note_said" jsonb;--> statement-breakpoint
ALTER TABLE "menu_revisions" ADD COLUMN "summary_said" jsonb;--> statement-breakpoint
ALTER TABLE "team_activity" ADD COLUMN "summary_said" jsonb;