CREATE TABLE "analytics_daily_locations" (
	"day" date NOT NULL,
	"country" varchar(2) NOT NULL,
	"city" varchar(100) NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_locations_pkey" PRIMARY KEY("day","country","city")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_pages" (
	"day" date NOT NULL,
	"page_path" varchar(2048) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pages_pkey" PRIMARY KEY("day","page_path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_day_page_visitors" (
	"day" date NOT NULL,
	"page_path" varchar(2048) NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	CONSTRAINT "analytics_day_page_visitors_pkey" PRIMARY KEY("day","page_path","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_visitors" (
	"day" date NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	CONSTRAINT "analytics_day_visitors_pkey" PRIMARY KEY("day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" varchar(64) NOT NULL
);
--> statement-breakpoint
DROP INDEX "visitor_analytics_page_path_visited_at_idx";