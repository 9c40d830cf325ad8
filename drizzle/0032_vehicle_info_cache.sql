CREATE TABLE "vehicle_info_cache" (
	"registration" varchar(10) PRIMARY KEY NOT NULL,
	"outcome" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vehicle_info_cache_expires_at_idx" ON "vehicle_info_cache" USING btree ("expires_at");