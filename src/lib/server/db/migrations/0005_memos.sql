CREATE TABLE "memo_reads" (
	"memo_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memo_reads_pkey" PRIMARY KEY("memo_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "memos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memos_subject_rule" CHECK (char_length("memos"."subject") BETWEEN 1 AND 150),
	CONSTRAINT "memos_body_rule" CHECK (char_length("memos"."body") BETWEEN 1 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "memo_reads" ADD CONSTRAINT "memo_reads_memo_id_memos_id_fk" FOREIGN KEY ("memo_id") REFERENCES "public"."memos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_reads" ADD CONSTRAINT "memo_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memo_reads_member_idx" ON "memo_reads" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "memos_member_idx" ON "memos" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memos_created_idx" ON "memos" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);