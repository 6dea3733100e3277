import { describe, expect, it } from 'vitest';
import { reportFiltersSchema } from '@urs/sync-protocol';
import { FILTER_KEYS } from './report-list-logic.js';
import { listStateOf, reportListSearchSchema } from './report-list-search.js';

/** Values a hand-edited or old link may carry, good and bad, for every filter. */
const SAMPLES: Record<(typeof FILTER_KEYS)[number], string[]> = {
  role: ['technician', 'admin', 'chef', 'Admin', '', ' '],
  status: ['pending', 'in_progress', 'done', '', 'PENDING'],
  area_id: ['area-1', '019a7c1e-0000-7000-8000-000000000000', '', ' x '],
  reporter_id: ['user-9', ''],
  assignee_id: ['user-9', 'unassigned', '', ' '],
  priority: ['urgent', 'low', 'asap', 'URGENT', ''],
  overdue: ['true', 'false', 'TRUE', '1', 'yes', ''],
  date_from: ['2026-01-01', '2026-02-30', '2026-1-1', 'yesterday', '', '2026-01-01T00:00:00Z'],
  date_to: ['2026-12-31', '31-12-2026', ''],
  q: ['lampu', '  kantin ', '   ', 'x'.repeat(200), 'x'.repeat(201), ''],
};

describe('the report list URL keeps a filter exactly when the API would take it', () => {
  for (const key of FILTER_KEYS) {
    it(`agrees with the contract's rule for ${key}`, () => {
      for (const value of SAMPLES[key]) {
        const contract = reportFiltersSchema.safeParse({ [key]: value });
        const kept = listStateOf(reportListSearchSchema.parse({ [key]: value })).filters[key];
        expect({ value, kept }).toEqual({
          value,
          kept: contract.success ? contract.data[key] : undefined,
        });
      }
    });
  }
});
