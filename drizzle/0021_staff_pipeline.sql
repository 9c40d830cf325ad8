CREATE TABLE "valuation_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"channel" varchar(12) NOT NULL,
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuation_contacts_channel" CHECK ("valuation_contacts"."channel" IN ('call', 'text', 'whatsapp', 'email'))
);
--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "promise_warning_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "promise_breach_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "mot_last_odometer_miles" integer;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "mot_last_test_on" date;--> statement-breakpoint
ALTER TABLE "valuation_contacts" ADD CONSTRAINT "valuation_contacts_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_contacts" ADD CONSTRAINT "valuation_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "valuation_contacts_valuation_created_at_idx" ON "valuation_contacts" USING btree ("valuation_id","created_at");--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_valuations_email_lower_idx" ON "car_valuations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "car_valuations_assigned_archived_created_at_id_idx" ON "car_valuations" USING btree ("assigned_user_id","is_archived","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "car_valuations_unanswered_created_at_id_idx" ON "car_valuations" USING btree ("created_at","id") WHERE "car_valuations"."first_answered_at" IS NULL AND "car_valuations"."is_archived" = false AND "car_valuations"."status" NOT IN ('completed', 'lost');--> statement-breakpoint
CREATE INDEX "car_valuations_created_at_first_answered_at_idx" ON "car_valuations" USING btree ("created_at","first_answered_at");