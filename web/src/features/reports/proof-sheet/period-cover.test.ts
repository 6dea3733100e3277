import { newId, type Report } from '@urs/sync-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.js';
import type * as Cover from './period-cover.js';
import type { SheetSource } from './build-sheet.js';
import { ownJob } from '../../../test/report.js';

let buildPeriodCover: typeof Cover.buildPeriodCover;
beforeAll(async () => {
  initI18n('id');
  // The texts register themselves on import, which needs an initialised i18next.
  ({ buildPeriodCover } = await import('./period-cover.js'));
});

const AT = '2026-11-20T01:00:00.000Z';
function source(
  status: Report['status'],
  workType: Report['work_type'],
  areaId: string,
): SheetSource {
  return {
    report: {
      id: newId(),
      reporter_id: 'u1',
      area_id: areaId,
      category_id: null,
      work_type: workType,
      description: 'x',
      status,
      admin_note: null,
      reported_at: AT,
      created_at: AT,
      updated_at: AT,
      ...ownJob('u1'),
    },
    photos: [],
    names: { area: areaId === 'a1' ? 'Aula' : 'Kantin', reporter: 'Slamet Riyadi' },
  };
}

describe('the period cover', () => {
  it('counts the reports by every status and work type, zeros included', () => {
    const cover = buildPeriodCover(
      {},
      [
        source('completed', 'repair', 'a1'),
        source('completed', 'cleaning', 'a2'),
        source('pending', 'repair', 'a1'),
      ],
      'id',
    );
    expect(cover.count.value).toBe(3);
    expect(cover.filters).toEqual([{ label: 'Filter', value: 'Semua laporan' }]);
    expect(cover.byStatus.rows).toEqual([
      { label: 'Menunggu', value: 1 },
      { label: 'Dikerjakan', value: 0 },
      { label: 'Selesai', value: 2 },
      { label: 'Dibatalkan', value: 0 },
    ]);
    expect(cover.byWorkType.rows.find((row) => row.label === 'Perbaikan')?.value).toBe(2);
    expect(cover.byWorkType.rows).toHaveLength(5);
  });

  it('names the filters it was made with, by name where the reports name them', () => {
    const cover = buildPeriodCover(
      { area_id: 'a1', status: 'completed', date_from: '2026-11-01', q: 'atap' },
      [source('completed', 'repair', 'a1')],
      'id',
    );
    expect(cover.filters).toEqual([
      { label: 'Status', value: 'Selesai' },
      { label: 'Area', value: 'Aula' },
      { label: 'Dari tanggal', value: '2026-11-01' },
      { label: 'Cari', value: '"atap"' },
    ]);
  });

  it('names the job filters: the assignee the list named, the queue, priority and overdue', () => {
    const jobs = buildPeriodCover(
      { assignee_id: 'u7', priority: 'urgent', overdue: true },
      [source('pending', 'repair', 'a1')],
      'id',
      'Bambang Prasetyo',
    );
    expect(jobs.filters).toEqual([
      { label: 'Petugas', value: 'Bambang Prasetyo' },
      { label: 'Prioritas', value: 'Mendesak' },
      { label: 'Terlambat', value: 'Hanya yang terlambat' },
    ]);
    const queue = buildPeriodCover({ assignee_id: 'unassigned' }, [], 'en');
    expect(queue.filters).toEqual([{ label: 'Assignee', value: 'Unassigned' }]);
  });
});
