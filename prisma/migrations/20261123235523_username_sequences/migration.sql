-- CreateTable
CREATE TABLE "username_sequences" (
    "base" TEXT NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "username_sequences_pkey" PRIMARY KEY ("base")
);


-- The numbers already taken: "echo" and "echo-2" leave "echo" at 2. A name that merely ends in
-- digits ("agent-007") raises its base's count, which only skips numbers, never repeats one.
INSERT INTO "username_sequences" ("base", "last")
SELECT base, LEAST(MAX(number), 1000000000)::int
FROM (
  SELECT
    CASE WHEN "username" ~ '-[0-9]{1,9}$' THEN regexp_replace("username", '-[0-9]+$', '') ELSE "username" END AS base,
    CASE WHEN "username" ~ '-[0-9]{1,9}$' THEN substring("username" FROM '-([0-9]+)$')::int ELSE 1 END AS number
  FROM "agents"
) AS taken
GROUP BY base;
