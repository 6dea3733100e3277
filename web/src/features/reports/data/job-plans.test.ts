import { describe, expect, it } from 'vitest';
import { checkMutation, newId, type Report } from '@urs/sync-protocol';
import { testReport } from '../../../test/report.js';
import { planComment, planHandBack, planJob, planStatus } from './job-plans.js';
import { EMPTY_FORM, planCreate } from '../form/report-form-state.js';

const NOW = new Date('2026-12-02T02:00:00.000Z');
const AT = NOW.toISOString();
const ADMIN = newId();
const TECH = newId();
const OTHER = newId();

function job(overrides: Partial<Report> = {}): Report {
  return {
    ...testReport(newId(), new Date('2026-12-01T01:00:00.000Z'), 'pending', { reporter: OTHER }),
    assignee_id: TECH,
    ...overrides,
  };
}

/** Every plan must pass the contract's check, as the outbox checks it before queueing. */
function expectValid(plan: { name: string; args: unknown }) {
  const check = checkMutation({ name: plan.name, args: plan.args });
  expect(check.ok ? 'ok' : check.reason).toBe('ok');
}

describe('job plans', () => {
  it('a completion writes the report closed at the device time and its status event at once', () => {
    const report = job({ status: 'in_progress' });
    const plan = planStatus({ report, to: 'completed', actorId: TECH, now: NOW });
    expectValid(plan);
    const eventId = (plan.args as { event_id: string }).event_id;
    expect(plan.args).toEqual({ id: report.id, status: 'completed', event_id: eventId, at: AT });
    expect(plan.optimistic).toEqual([
      {
        entity: 'reports',
        op: 'put',
        row: { ...report, status: 'completed', completed_at: AT, updated_at: AT },
      },
      {
        entity: 'report_events',
        op: 'put',
        row: {
          id: eventId,
          report_id: report.id,
          actor_id: TECH,
          kind: 'status',
          changes: { status: ['in_progress', 'completed'] },
          body: null,
          kept: false,
          occurred_at: AT,
          created_at: AT,
          updated_at: AT,
        },
      },
    ]);
  });

  it('a reopening clears the completion time, a cancellation keeps it as it was', () => {
    const done = job({ status: 'completed', completed_at: '2026-12-01T05:00:00.000Z' });
    const reopen = planStatus({ report: done, to: 'in_progress', actorId: ADMIN, now: NOW });
    expect(reopen.optimistic[0]).toMatchObject({
      row: { status: 'in_progress', completed_at: null },
    });
    const cancel = planStatus({ report: job(), to: 'cancelled', actorId: ADMIN, now: NOW });
    expect(cancel.optimistic[0]).toMatchObject({
      row: { status: 'cancelled', completed_at: null },
    });
  });

  it('a plan sends only what changes and lists each change in one job event', () => {
    const report = job({ priority: 'normal', due_date: '2026-12-03', due_time: null });
    const plan = planJob({
      report,
      plan: { assignee_id: ADMIN, priority: 'normal', due_date: '2026-12-04', due_time: '09:30' },
      actorId: ADMIN,
      now: NOW,
    });
    expect(plan).not.toBeNull();
    if (plan === null) return;
    expectValid(plan);
    const eventId = (plan.args as { event_id: string }).event_id;
    expect(plan.args).toEqual({
      id: report.id,
      event_id: eventId,
      at: AT,
      assignee_id: ADMIN,
      due_date: '2026-12-04',
      due_time: '09:30',
    });
    expect(plan.optimistic[0]).toMatchObject({
      row: { assignee_id: ADMIN, due_date: '2026-12-04', due_time: '09:30', priority: 'normal' },
    });
    expect(plan.optimistic[1]).toMatchObject({
      row: {
        kind: 'job',
        changes: {
          assignee_id: [TECH, ADMIN],
          due_date: ['2026-12-03', '2026-12-04'],
          due_time: [null, '09:30'],
        },
      },
    });
  });

  it('a plan that changes nothing is not queued, and clearing the day clears its time', () => {
    const report = job({ due_date: '2026-12-03', due_time: '10:00' });
    expect(
      planJob({
        report,
        plan: { assignee_id: TECH, priority: 'normal' },
        actorId: ADMIN,
        now: NOW,
      }),
    ).toBeNull();
    const cleared = planJob({ report, plan: { due_date: null }, actorId: ADMIN, now: NOW });
    expect(cleared?.args).toMatchObject({ due_date: null, due_time: null });
    if (cleared !== null) expectValid(cleared);
  });

  it('a hand back leaves the job unassigned and pending, both in its event', () => {
    const report = job({ status: 'in_progress' });
    const plan = planHandBack({ report, actorId: TECH, now: NOW });
    expectValid(plan);
    expect(plan.optimistic[0]).toMatchObject({
      row: { assignee_id: null, status: 'pending' },
    });
    expect(plan.optimistic[1]).toMatchObject({
      row: {
        kind: 'hand_back',
        changes: { assignee_id: [TECH, null], status: ['in_progress', 'pending'] },
      },
    });
  });

  it('a comment is an event of its own with its trimmed text', () => {
    const reportId = newId();
    const plan = planComment({ reportId, body: '  Butuh kunci 12  ', actorId: TECH, now: NOW });
    expectValid(plan);
    expect(plan.args).toMatchObject({ report_id: reportId, body: '  Butuh kunci 12  ', at: AT });
    expect(plan.optimistic).toHaveLength(1);
    expect(plan.optimistic[0]).toMatchObject({
      entity: 'report_events',
      op: 'put',
      row: {
        id: (plan.args as { id: string }).id,
        report_id: reportId,
        kind: 'comment',
        body: 'Butuh kunci 12',
        changes: {},
      },
    });
    const blank = planComment({ reportId, body: '   ', actorId: TECH, now: NOW });
    expect(checkMutation({ name: blank.name, args: blank.args }).ok).toBe(false);
  });
});

describe('a new report for someone else to fix', () => {
  it('is filed unassigned and pending, and says so to the server', () => {
    const [create] = planCreate({
      id: newId(),
      reporterId: TECH,
      values: {
        ...EMPTY_FORM,
        area_id: newId(),
        description: 'Keran bocor',
        status: 'completed',
        unassigned: true,
      },
      photos: [],
      now: NOW,
    });
    expect(create?.args).toMatchObject({ status: 'pending', unassigned: true });
    expect(create?.optimistic[0]).toMatchObject({
      row: { assignee_id: null, status: 'pending', completed_at: null, origin: 'staff' },
    });
  });

  it('filed as one’s own finished work, it is assigned to its filer and completed when filed', () => {
    const [create] = planCreate({
      id: newId(),
      reporterId: TECH,
      values: { ...EMPTY_FORM, area_id: newId(), description: 'Lampu', status: 'completed' },
      photos: [],
      now: NOW,
    });
    expect(create?.args).not.toHaveProperty('unassigned');
    expect(create?.optimistic[0]).toMatchObject({
      row: { assignee_id: TECH, priority: 'normal', completed_at: AT },
    });
  });
});
