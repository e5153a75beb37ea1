-- AlterTable
ALTER TABLE "whispers" ADD COLUMN     "provider" TEXT;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "provider" TEXT;

