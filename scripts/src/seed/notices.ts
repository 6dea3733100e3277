import type { tables } from '@urs/api';
import { iso } from './clock.js';
import type { NewRow, PlanContext } from './context.js';
import { REQUESTS } from './inventory-data.js';
import { ANNOUNCEMENTS } from './work-data.js';

type RequestRow = NewRow<typeof tables.itemRequests>;
type AnnouncementRow = NewRow<typeof tables.announcements>;
type ReadRow = NewRow<typeof tables.announcementReads>;

const DAY_MS = 86_400_000;

/** Item requests, numbered per year in the order they arrived (REQ-2026-000001, …). */
export function planRequests(ctx: PlanContext): RequestRow[] {
  const { rng, clock } = ctx;
  const admin = ctx.admin();
  const perYear = new Map<number, number>();
  const ordered = [...REQUESTS].sort((a, b) => b.daysAgo - a.daysAgo);
  return ordered.map((seed) => {
    const requester = ctx.person(seed.requester);
    ctx.assertActive(requester, seed.daysAgo);
    const createdAt = clock.schoolTime(seed.daysAgo, rng);
    const decidedAt =
      seed.status === 'pending' ? null : clock.workLater(createdAt, rng.between(2, 40), rng);
    ctx.touch(requester, createdAt);
    if (decidedAt !== null) ctx.touch(admin, decidedAt);
    const year = createdAt.getUTCFullYear();
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    return {
      ...ctx.sync(createdAt, decidedAt ?? createdAt),
      number: `REQ-${year}-${String(sequence).padStart(6, '0')}`,
      type: seed.type,
      itemId: seed.item === undefined ? null : ctx.itemId(seed.item),
      customName: seed.customName ?? null,
      storeLink: seed.storeLink ?? null,
      imageSha256:
        seed.productImage === undefined ? null : ctx.image(`product:${seed.productImage}`).sha256,
      quantity: seed.quantity,
      neededDate:
        seed.neededInDays === undefined
          ? null
          : iso(new Date(createdAt.getTime() + seed.neededInDays * DAY_MS)).slice(0, 10),
      notes: seed.notes ?? null,
      requesterId: requester.id,
      approverId: decidedAt === null ? null : admin.id,
      approverNotes: seed.approverNotes ?? null,
      status: seed.status,
      decidedAt: decidedAt === null ? null : iso(decidedAt),
    } satisfies RequestRow;
  });
}

export function planAnnouncements(ctx: PlanContext): {
  announcements: AnnouncementRow[];
  reads: ReadRow[];
} {
  const { rng, clock } = ctx;
  const admin = ctx.admin();
  const announcements: AnnouncementRow[] = [];
  const reads: ReadRow[] = [];
  for (const seed of [...ANNOUNCEMENTS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const publishedAt = clock.schoolTime(seed.daysAgo, rng);
    ctx.touch(admin, publishedAt);
    const announcement: AnnouncementRow = {
      ...ctx.sync(publishedAt),
      title: seed.title,
      body: seed.body,
      audience: seed.audience,
      priority: seed.priority,
      pinned: seed.pinned,
      authorId: admin.id,
      publishedAt: iso(publishedAt),
    };
    announcements.push(announcement);
    for (const email of seed.readBy) {
      const reader = ctx.person(email);
      if (seed.audience !== null && !seed.audience.includes(reader.seed.role)) {
        throw new Error(`demo seed: ${email} cannot see "${seed.title}"`);
      }
      ctx.assertActive(reader, seed.daysAgo);
      const readAt = clock.later(publishedAt, rng.between(0.5, 30));
      ctx.touch(reader, readAt);
      reads.push({
        ...ctx.sync(readAt),
        announcementId: announcement.id,
        userId: reader.id,
        readAt: iso(readAt),
      });
    }
  }
  return { announcements, reads };
}
