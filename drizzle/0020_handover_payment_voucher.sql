CREATE TABLE "collection_handovers" (
	"valuation_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid,
	"condition" varchar(20) NOT NULL,
	"mileage" integer,
	"keys" smallint,
	"v5c_handed_over" boolean,
	"seller_is_keeper" boolean,
	"notes" varchar(500),
	"recorded_by_user_id" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_handovers_condition" CHECK ("collection_handovers"."condition" IN ('as_declared', 'not_as_declared')),
	CONSTRAINT "collection_handovers_as_declared" CHECK ("collection_handovers"."condition" <> 'as_declared' OR ("collection_handovers"."mileage" IS NOT NULL AND "collection_handovers"."keys" IS NOT NULL AND "collection_handovers"."v5c_handed_over" IS NOT NULL AND "collection_handovers"."seller_is_keeper" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "launch_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"customer_key" varchar(255) NOT NULL,
	"amount_pounds" integer NOT NULL,
	"brand" varchar(100) NOT NULL,
	"owed_on" date NOT NULL,
	"due_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'owed' NOT NULL,
	"code" varchar(64),
	"sent_at" timestamp with time zone,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_vouchers_status" CHECK ("launch_vouchers"."status" IN ('owed', 'sent')),
	CONSTRAINT "launch_vouchers_sent_has_code" CHECK ("launch_vouchers"."status" = 'owed' OR ("launch_vouchers"."code" IS NOT NULL AND "launch_vouchers"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "valuation_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"payee" varchar(10) NOT NULL,
	"amount_pence" integer NOT NULL,
	"reference" varchar(18) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuation_payments_payee" CHECK ("valuation_payments"."payee" IN ('seller', 'lender')),
	CONSTRAINT "valuation_payments_amount" CHECK ("valuation_payments"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "collection_handovers" ADD CONSTRAINT "collection_handovers_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_handovers" ADD CONSTRAINT "collection_handovers_booking_id_collection_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."collection_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_handovers" ADD CONSTRAINT "collection_handovers_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_vouchers" ADD CONSTRAINT "launch_vouchers_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_vouchers" ADD CONSTRAINT "launch_vouchers_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_payments" ADD CONSTRAINT "valuation_payments_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_payments" ADD CONSTRAINT "valuation_payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_vouchers_valuation_key" ON "launch_vouchers" USING btree ("valuation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "launch_vouchers_customer_key" ON "launch_vouchers" USING btree ("customer_key");--> statement-breakpoint
CREATE INDEX "launch_vouchers_owed_due_idx" ON "launch_vouchers" USING btree ("due_date") WHERE "launch_vouchers"."status" = 'owed';--> statement-breakpoint
CREATE INDEX "launch_vouchers_sent_idx" ON "launch_vouchers" USING btree ("sent_at") WHERE "launch_vouchers"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_payments_payee_key" ON "valuation_payments" USING btree ("valuation_id","payee");