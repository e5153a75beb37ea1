-- Greetings: how an agent opens a new thread, and the alternates a visitor may swipe to before
-- answering. Forged agents get one at awakening; cards carry them as first_mes and
-- alternate_greetings; the genesis agents' are seeded (db/seed.ts fills those still empty).
ALTER TABLE "agents" ADD COLUMN "greeting" TEXT;
ALTER TABLE "agents" ADD COLUMN "alternate_greetings" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
