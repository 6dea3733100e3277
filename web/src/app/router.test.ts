// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SUBJECTS, newId, notificationPath, occurrenceId } from '@urs/sync-protocol';
import { RouteError } from '../components/ui/route-error.js';
import { createAppRouter } from './router.js';

describe('the app router', () => {
  it("shows the app's own screen, in the app's language, for any screen that fails", () => {
    expect(createAppRouter().options.defaultErrorComponent).toBe(RouteError);
  });

  it('has a screen for every place a notification opens, a round at its occurrence', () => {
    const router = createAppRouter();
    const template = newId();
    const leaf = (href: string) => {
      const url = new URL(href, 'https://urs.test');
      const matches = router.matchRoutes(url.pathname, Object.fromEntries(url.searchParams));
      return matches.at(-1);
    };
    // The check itself: a path the app does not have (what a round's opened before) is caught.
    // The app's catch-all (`/$`) takes every path it has no screen for.
    const unknown = ['__root__', '/$'];
    expect(unknown).toContain(leaf('/rounds')?.routeId);
    for (const subject_type of NOTIFICATION_SUBJECTS) {
      const subject_id = subject_type === 'rounds' ? occurrenceId(template, '2026-12-03') : newId();
      const path = notificationPath({ subject_type, subject_id });
      const match = leaf(path);
      expect(unknown, `${subject_type}: ${path}`).not.toContain(match?.routeId);
    }
    expect(
      leaf(
        notificationPath({
          subject_type: 'rounds',
          subject_id: occurrenceId(template, '2026-12-03'),
        }),
      ),
    ).toMatchObject({
      routeId: '/_shell/tasks/rounds/$templateId/$date',
      params: { templateId: template, date: '2026-12-03' },
    });
  });
});
