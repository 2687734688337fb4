-- DropTable
DROP TABLE "ApiRateLimitWindow";
