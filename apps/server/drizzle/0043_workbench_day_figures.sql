CREATE TABLE "workbench_day_figures" (
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "workbench_day_figures_org_id_user_id_day_key_pk" PRIMARY KEY("org_id","user_id","day","key")
);
