import { newId, occurrenceId, type RoundCompletion, type RoundTemplate } from '@urs/sync-protocol';

/*
 * Rounds as the pull brings them (decision 030), for tests: a daily custodians' round with one
 * pass/fail item due at 08:00, and a closing completion of one of its days.
 */

export function testRoundTemplate(overrides: Partial<RoundTemplate> = {}): RoundTemplate {
  return {
    id: newId(),
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    version: 1,
    title: 'Toilet gedung B',
    area_ids: [newId()],
    category_id: null,
    work_type: 'cleaning',
    items: [
      { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', unit: null, photo: 'on_fail' },
    ],
    assignee_user_id: null,
    assignee_role: 'custodian',
    schedule: { kind: 'daily' },
    start_date: '2026-11-01',
    end_date: null,
    due_time: '08:00',
    paused: false,
    pauses: [],
    ...overrides,
  };
}

export function testRoundCompletion(
  template: RoundTemplate,
  date: string,
  at: string,
  by: string,
): RoundCompletion {
  return {
    id: newId(),
    created_at: at,
    updated_at: at,
    template_id: template.id,
    template_version: template.version,
    occurrence_id: occurrenceId(template.id, date),
    occurrence_date: date,
    completed_by: by,
    completed_at: at,
    started_at: null,
    note: null,
    answers: [],
    closing: true,
    closed_by_id: null,
    closed_at: null,
    assignee_user_id: template.assignee_user_id,
    assignee_role: template.assignee_role,
  };
}
