-- The one change counter every synced row takes its change_seq from (see db/change-seq.ts).
INSERT INTO "change_counter" ("id", "value") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
