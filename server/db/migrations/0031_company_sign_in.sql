CREATE TABLE "sso_logins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"team_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" integer,
	"handoff_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"handoff_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_sso" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"default_role" text NOT NULL,
	"default_location_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enforce" boolean DEFAULT false NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_sso_domains" (
	"team_id" integer NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_sso_domains_team_id_domain_pk" PRIMARY KEY("team_id","domain")
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "user_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sso" ADD CONSTRAINT "team_sso_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sso" ADD CONSTRAINT "team_sso_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sso_domains" ADD CONSTRAINT "team_sso_domains_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_unique" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_handoff_unique" ON "sso_logins" USING btree ("handoff_hash");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_sso_domains_proved_unique" ON "team_sso_domains" USING btree ("domain") WHERE "team_sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "team_sso_domains_domain_idx" ON "team_sso_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");