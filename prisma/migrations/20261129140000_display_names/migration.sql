-- Creators choose how they are credited (#30 item 4): a display name in place of the account's
-- name, or none at all ("anonymous"). Agents keep the credit in created_by, rewritten when the
-- choice changes; an agent credited to anonymous never names its creator's account.
ALTER TABLE "users" ADD COLUMN "display_name" TEXT;
ALTER TABLE "users" ADD COLUMN "anonymous" BOOLEAN NOT NULL DEFAULT false;
