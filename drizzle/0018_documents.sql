CREATE TABLE "valuation_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"kind" varchar(30) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"file_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"media_type" varchar(40) NOT NULL,
	"size_bytes" integer NOT NULL,
	"pages" smallint NOT NULL,
	"rejection_reason" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "valuation_documents_kind" CHECK ("valuation_documents"."kind" IN ('v5c', 'driving_licence', 'service_history', 'settlement_letter')),
	CONSTRAINT "valuation_documents_status" CHECK ("valuation_documents"."status" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "valuation_documents_rejected_has_reason" CHECK (("valuation_documents"."status" = 'rejected') = ("valuation_documents"."rejection_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "documents_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "keys_count" smallint;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "documents_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "valuation_documents" ADD CONSTRAINT "valuation_documents_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_documents" ADD CONSTRAINT "valuation_documents_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_documents_valuation_kind_key" ON "valuation_documents" USING btree ("valuation_id","kind");--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_keys_count_range" CHECK ("car_valuations"."keys_count" BETWEEN 1 AND 5);