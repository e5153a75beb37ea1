-- Sharing shows the thread as it was when shared (or up to the answer shared): readers see the
-- messages written up to conversations.shared_until; later ones stay private until shared again.
-- A thread shared before this column keeps showing all of it (null).
ALTER TABLE "conversations" ADD COLUMN "shared_until" TIMESTAMPTZ(3);
