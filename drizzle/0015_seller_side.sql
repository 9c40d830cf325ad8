CREATE TABLE "offer_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"valuation_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"declarations" jsonb NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"user_agent" varchar(512) NOT NULL,
	CONSTRAINT "offer_acceptances_offer_key" UNIQUE("offer_id")
);
--> statement-breakpoint
CREATE TABLE "seller_secrets" (
	"secret_hash" char(64) PRIMARY KEY NOT NULL,
	"valuation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_secrets_hash_hex" CHECK ("seller_secrets"."secret_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "valuation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"author" varchar(10) NOT NULL,
	"staff_user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuation_messages_author" CHECK ("valuation_messages"."author" IN ('seller', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "car_valuations" DROP CONSTRAINT "car_valuations_upload_token_hash_hex";--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (issue 34): a request that is already completed or lost closed when it last changed.
UPDATE "car_valuations" SET "closed_at" = "updated_at" WHERE "status" IN ('completed', 'lost');--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD COLUMN "conditions" jsonb;--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD COLUMN "status" varchar(12) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD COLUMN "decline_reason" text;--> statement-breakpoint
-- Hand-written (issue 34): offers made before offers had an end stand for the default 7 days, to
-- 23:59:59 UK time; they rest on the declarations as they are now; only the newest offer of a
-- request still at "Offer made" is open, and the older ones were replaced by it.
UPDATE "valuation_offers" o SET
	"valid_until" = (((o."created_at" AT TIME ZONE 'Europe/London')::date + 7 + time '23:59:59') AT TIME ZONE 'Europe/London'),
	"conditions" = jsonb_build_object(
		'mileage', v."mileage",
		'overallCondition', v."overall_condition",
		'scuffedWheels', v."scuffed_wheels",
		'tyresNeedReplacing', v."tyres_need_replacing",
		'serviceHistory', v."service_history",
		'mechanicalIssues', v."mechanical_issues",
		'mechanicalDetails', v."mechanical_details",
		'outstandingFinance', v."outstanding_finance"),
	"status" = CASE
		WHEN o."id" <> (SELECT n."id" FROM "valuation_offers" n WHERE n."valuation_id" = o."valuation_id" ORDER BY n."created_at" DESC, n."id" DESC LIMIT 1) THEN 'superseded'
		WHEN v."status" = 'offer_made' THEN 'open'
		WHEN v."status" IN ('offer_accepted', 'collection_booked', 'collected', 'completed') THEN 'accepted'
		WHEN v."status" = 'lost' THEN 'declined'
		ELSE 'superseded' END
FROM "car_valuations" v WHERE v."id" = o."valuation_id";--> statement-breakpoint
UPDATE "valuation_offers" SET "closed_at" = "created_at" WHERE "status" <> 'open';--> statement-breakpoint
ALTER TABLE "valuation_offers" ALTER COLUMN "valid_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "valuation_offers" ALTER COLUMN "conditions" SET NOT NULL;--> statement-breakpoint
-- Hand-written (issue 34): today's upload tokens become the sellers' first secrets and keep working.
INSERT INTO "seller_secrets" ("secret_hash", "valuation_id", "created_at")
	SELECT "upload_token_hash", "id", "created_at" FROM "car_valuations" WHERE "upload_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_acceptances" ADD CONSTRAINT "offer_acceptances_offer_id_valuation_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."valuation_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_acceptances" ADD CONSTRAINT "offer_acceptances_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_secrets" ADD CONSTRAINT "seller_secrets_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_messages" ADD CONSTRAINT "valuation_messages_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_messages" ADD CONSTRAINT "valuation_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_acceptances_valuation_idx" ON "offer_acceptances" USING btree ("valuation_id");--> statement-breakpoint
CREATE INDEX "seller_secrets_valuation_idx" ON "seller_secrets" USING btree ("valuation_id");--> statement-breakpoint
CREATE INDEX "valuation_messages_valuation_created_at_idx" ON "valuation_messages" USING btree ("valuation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_offers_one_open_idx" ON "valuation_offers" USING btree ("valuation_id") WHERE "valuation_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "valuation_offers_open_valid_until_idx" ON "valuation_offers" USING btree ("valid_until") WHERE "valuation_offers"."status" = 'open';--> statement-breakpoint
ALTER TABLE "car_valuations" DROP COLUMN "upload_token_hash";--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD CONSTRAINT "valuation_offers_status" CHECK ("valuation_offers"."status" IN ('open', 'accepted', 'declined', 'expired', 'superseded', 'revised'));--> statement-breakpoint
ALTER TABLE "valuation_offers" ADD CONSTRAINT "valuation_offers_closed_when_closed" CHECK (("valuation_offers"."status" = 'open') = ("valuation_offers"."closed_at" IS NULL));