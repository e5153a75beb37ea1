-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "ModelSeat" AS ENUM ('gemini', 'claude', 'perplexity', 'deepseek');

-- CreateEnum
CREATE TYPE "WaitlistPurpose" AS ENUM ('creator', 'curator', 'witness', 'seeker', 'guardian');

-- CreateEnum
CREATE TYPE "RitualType" AS ENUM ('whisper', 'nomination', 'ascension');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "oauth_provider" TEXT,
    "oauth_id" TEXT,
    "profile_image_url" TEXT,
    "login_count" INTEGER NOT NULL DEFAULT 0,
    "last_seen" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "synth_runs" INTEGER NOT NULL DEFAULT 0,
    "summon_rituals" INTEGER NOT NULL DEFAULT 0,
    "echo_interactions" INTEGER NOT NULL DEFAULT 0,
    "agents_created" INTEGER NOT NULL DEFAULT 0,
    "daily_synth_runs" INTEGER NOT NULL DEFAULT 0,
    "daily_summon_rituals" INTEGER NOT NULL DEFAULT 0,
    "last_daily_reset" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ritual_tier" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "waitlist_entries" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "agent_type" "WaitlistPurpose" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agents" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "glyph" TEXT NOT NULL,
    "personality" TEXT NOT NULL,
    "api_model" "ModelSeat" NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'forged',
    "category" TEXT,
    "description" TEXT,
    "avatar" TEXT,
    "avatar_url" TEXT,
    "persona" JSONB,
    "capabilities" JSONB,
    "outputs" JSONB,
    "api_key_hash" TEXT,
    "creation_ritual" TEXT,
    "created_by" TEXT NOT NULL,
    "creator_id" UUID,
    "remix_of" TEXT,
    "remix_type" TEXT,
    "remix_note" TEXT,
    "parent_agent_id" UUID,
    "remix_count" INTEGER NOT NULL DEFAULT 0,
    "origin_agent_id" UUID,
    "remixer_id" UUID,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_outputs" (
    "id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "content_type" TEXT NOT NULL,
    "title" TEXT,
    "description" TEXT,
    "content_data" TEXT,
    "media_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_outputs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "council_users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "council_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "whispers" (
    "id" UUID NOT NULL,
    "truth" TEXT NOT NULL,
    "agent_id" UUID,
    "agent_name" TEXT NOT NULL,
    "agent_glyph" TEXT NOT NULL,
    "response" TEXT NOT NULL,
    "embed_copied" BOOLEAN NOT NULL DEFAULT false,
    "twitter_shared" BOOLEAN NOT NULL DEFAULT false,
    "discord_shared" BOOLEAN NOT NULL DEFAULT false,
    "session_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "whispers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "council_whispers" (
    "id" UUID NOT NULL,
    "content" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "council_response" TEXT,
    "is_anonymous" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "council_whispers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_nominations" (
    "id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "agent_name" TEXT NOT NULL,
    "nominated_by" TEXT NOT NULL,
    "nomination_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_nominations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "council_members" (
    "id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "agent_name" TEXT NOT NULL,
    "ascended_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ascended_by" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "council_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ritual_logs" (
    "id" UUID NOT NULL,
    "type" "RitualType" NOT NULL,
    "description" TEXT NOT NULL,
    "performed_by" TEXT NOT NULL,
    "related_agent_id" UUID,
    "related_whisper_id" UUID,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ritual_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_oauth_provider_oauth_id_key" ON "users"("oauth_provider", "oauth_id");

-- CreateIndex
CREATE UNIQUE INDEX "waitlist_entries_email_key" ON "waitlist_entries"("email");

-- CreateIndex
CREATE UNIQUE INDEX "agents_username_key" ON "agents"("username");

-- CreateIndex
CREATE INDEX "agents_archived_created_at_idx" ON "agents"("archived", "created_at" DESC);

-- CreateIndex
CREATE INDEX "agents_created_at_idx" ON "agents"("created_at" DESC);

-- CreateIndex
CREATE INDEX "agents_name_idx" ON "agents"("name");

-- CreateIndex
CREATE INDEX "agents_type_idx" ON "agents"("type");

-- CreateIndex
CREATE INDEX "agents_remix_count_idx" ON "agents"("remix_count" DESC);

-- CreateIndex
CREATE INDEX "agents_parent_agent_id_idx" ON "agents"("parent_agent_id");

-- CreateIndex
CREATE INDEX "agents_origin_agent_id_idx" ON "agents"("origin_agent_id");

-- CreateIndex
CREATE INDEX "agents_creator_id_idx" ON "agents"("creator_id");

-- CreateIndex
CREATE INDEX "agent_outputs_agent_id_created_at_idx" ON "agent_outputs"("agent_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_token_key" ON "verification_tokens"("token");

-- CreateIndex
CREATE INDEX "verification_tokens_user_id_idx" ON "verification_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions"("token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "council_users_email_key" ON "council_users"("email");

-- CreateIndex
CREATE INDEX "whispers_agent_id_created_at_idx" ON "whispers"("agent_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "whispers_created_at_idx" ON "whispers"("created_at" DESC);

-- CreateIndex
CREATE INDEX "council_whispers_created_at_idx" ON "council_whispers"("created_at" DESC);

-- CreateIndex
CREATE INDEX "agent_nominations_agent_id_idx" ON "agent_nominations"("agent_id");

-- CreateIndex
CREATE INDEX "agent_nominations_created_at_idx" ON "agent_nominations"("created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "council_members_agent_id_key" ON "council_members"("agent_id");

-- CreateIndex
CREATE INDEX "council_members_is_active_ascended_at_idx" ON "council_members"("is_active", "ascended_at" DESC);

-- CreateIndex
CREATE INDEX "ritual_logs_created_at_idx" ON "ritual_logs"("created_at" DESC);

-- CreateIndex
CREATE INDEX "ritual_logs_type_created_at_idx" ON "ritual_logs"("type", "created_at" DESC);

-- CreateIndex
CREATE INDEX "ritual_logs_related_agent_id_idx" ON "ritual_logs"("related_agent_id");

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_parent_agent_id_fkey" FOREIGN KEY ("parent_agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_origin_agent_id_fkey" FOREIGN KEY ("origin_agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_remixer_id_fkey" FOREIGN KEY ("remixer_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_outputs" ADD CONSTRAINT "agent_outputs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "whispers" ADD CONSTRAINT "whispers_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_nominations" ADD CONSTRAINT "agent_nominations_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "council_members" ADD CONSTRAINT "council_members_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ritual_logs" ADD CONSTRAINT "ritual_logs_related_agent_id_fkey" FOREIGN KEY ("related_agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

