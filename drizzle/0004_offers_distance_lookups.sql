CREATE TABLE "distance_lookups" (
	"postcode" varchar(8) NOT NULL,
	"origin" varchar(8) NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "distance_lookups_postcode_origin_pk" PRIMARY KEY("postcode","origin")
);
--> statement-breakpoint
CREATE TABLE "valuation_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"send_method" varchar(10) NOT NULL,
	"notes" text,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuation_offers_amount_positive" CHECK ("valuation_offers"."amount_pence" > 0),
	CONSTRAINT "valuation_offers_send_method" CHECK ("valuation_offers"."send_method" IN ('email', 'sms', 'both'))
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD CONSTRAINT "valuation_offers_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD CONSTRAINT "valuation_offers_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distance_lookups_expires_at_idx" ON "distance_lookups" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "valuation_offers_valuation_created_at_idx" ON "valuation_offers" USING btree ("valuation_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_offer_id_valuation_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."valuation_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_valuations_archived_status_created_at_idx" ON "car_valuations" USING btree ("is_archived","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbound_messages_offer_idx" ON "outbound_messages" USING btree ("offer_id");