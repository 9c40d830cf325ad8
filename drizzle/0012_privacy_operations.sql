CREATE TABLE "data_protection_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(30),
	"phone_e164" varchar(16),
	"details" text NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_protection_complaints_reference_key" UNIQUE("reference"),
	CONSTRAINT "data_protection_complaints_status" CHECK ("data_protection_complaints"."status" IN ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "data_request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"counts" jsonb NOT NULL,
	"actor_user_id" integer,
	"actor_username" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_request_log_kind" CHECK ("data_request_log"."kind" IN ('export', 'erasure'))
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"deleted" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "complaint_id" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "content_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_protection_complaints" ADD CONSTRAINT "data_protection_complaints_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_request_log" ADD CONSTRAINT "data_request_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_protection_complaints_status_created_at_idx" ON "data_protection_complaints" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_protection_complaints_created_at_idx" ON "data_protection_complaints" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_protection_complaints_email_lower_idx" ON "data_protection_complaints" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "data_protection_complaints_phone_e164_idx" ON "data_protection_complaints" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "data_request_log_created_at_idx" ON "data_request_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_complaint_id_data_protection_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."data_protection_complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_from_number_idx" ON "call_logs" USING btree ("from_number");--> statement-breakpoint
CREATE INDEX "call_logs_to_number_idx" ON "call_logs" USING btree ("to_number");--> statement-breakpoint
CREATE INDEX "car_valuations_updated_at_idx" ON "car_valuations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "customer_reviews_email_lower_idx" ON "customer_reviews" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbound_messages_complaint_idx" ON "outbound_messages" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "outbound_messages_content_kept_idx" ON "outbound_messages" USING btree ("created_at") WHERE "outbound_messages"."content_deleted_at" is null;