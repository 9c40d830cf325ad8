CREATE TABLE "voice_audio" (
	"type" varchar(20) PRIMARY KEY NOT NULL,
	"file_name" varchar(64) NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
