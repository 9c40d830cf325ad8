ALTER TABLE "customer_reviews" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_reviews_updated_at_idx" ON "customer_reviews" USING btree ("updated_at");