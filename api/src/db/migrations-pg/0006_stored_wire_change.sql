ALTER TABLE "announcement_reads" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "report_photos" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD COLUMN "wire_change" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wire_change" text;