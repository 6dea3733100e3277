import { describe, expect, it } from 'vitest';
import { filtersOf, jobsSearchSchema, searchOfFilters } from './jobs-search.js';

describe("the admin board's URL", () => {
  it('keeps good filters, drops a bad one alone, and round-trips', () => {
    const search = jobsSearchSchema.parse({ assignee: 'queue', priority: 'urgent', overdue: '1' });
    expect(filtersOf(search)).toEqual({ assignee: 'queue', priority: 'urgent', overdue: true });
    const bad = jobsSearchSchema.parse({ assignee: 'u1', priority: 'loud', overdue: 'yes' });
    expect(filtersOf(bad)).toEqual({ assignee: 'u1', priority: undefined, overdue: false });
    expect(searchOfFilters({ assignee: undefined, priority: 'low', overdue: false })).toEqual({
      assignee: undefined,
      priority: 'low',
      overdue: undefined,
    });
  });
});
