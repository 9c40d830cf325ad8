CREATE TYPE "public"."message_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('queued', 'sending', 'sent', 'failed', 'held');--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "message_channel" NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"subject" text,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_name" varchar(100) NOT NULL,
	"valuation_id" uuid,
	"status" "message_status" DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"lease_token" uuid,
	"provider_message_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_messages_attempts_non_negative" CHECK ("outbound_messages"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_messages_due_idx" ON "outbound_messages" USING btree ("next_attempt_at") WHERE "outbound_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "outbound_messages_lease_idx" ON "outbound_messages" USING btree ("lease_expires_at") WHERE "outbound_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "outbound_messages_created_at_idx" ON "outbound_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbound_messages_status_created_at_idx" ON "outbound_messages" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbound_messages_channel_created_at_idx" ON "outbound_messages" USING btree ("channel","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbound_messages_recipient_trgm_idx" ON "outbound_messages" USING gin (lower("recipient") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbound_messages_valuation_idx" ON "outbound_messages" USING btree ("valuation_id");