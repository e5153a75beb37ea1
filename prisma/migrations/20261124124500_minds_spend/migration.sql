-- AlterTable
ALTER TABLE "whispers" ADD COLUMN     "oracle_reason" TEXT;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "oracle_reason" TEXT;

-- CreateTable
CREATE TABLE "minds_budget_days" (
    "day" DATE NOT NULL,
    "reserved_micros" BIGINT NOT NULL DEFAULT 0,
    "spent_micros" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "minds_budget_days_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "minds_seat_days" (
    "day" DATE NOT NULL,
    "seat" "ModelSeat" NOT NULL,
    "model" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "spent_micros" BIGINT NOT NULL DEFAULT 0,
    "latency_ms_total" BIGINT NOT NULL DEFAULT 0,
    "latency_ms_max" INTEGER NOT NULL DEFAULT 0,
    "budget_refusals" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "minds_seat_days_pkey" PRIMARY KEY ("day","seat")
);

