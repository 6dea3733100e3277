import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.js';
import type * as CaptureText from './capture-time-text.js';

let captureCaption: typeof CaptureText.captureCaption;
let formatCaptureTime: typeof CaptureText.formatCaptureTime;
beforeAll(async () => {
  initI18n('id');
  // The texts register themselves on import, which needs an initialised i18next.
  ({ captureCaption, formatCaptureTime } = await import('./capture-time-text.js'));
});

describe('capture time text', () => {
  it('shows the camera’s wall clock with its offset, whatever the viewer’s zone', () => {
    expect(captureCaption('2026-11-20T08:15:30+07:00', 'id')).toMatch(
      /^Diambil 20 Nov 2026.*08[.:]15 \(UTC\+07:00\)$/,
    );
    expect(captureCaption('2026-11-20T20:05:00-03:30', 'en')).toMatch(
      /^Taken 20 Nov 2026.*20:05 \(UTC-03:30\)$/,
    );
  });

  it('shows a wall clock without an offset as it is, with no zone invented', () => {
    const text = formatCaptureTime('2026-11-20T08:15:30', 'id');
    expect(text).toMatch(/08[.:]15$/);
    expect(text).not.toContain('UTC');
  });

  it('says the capture time is unknown rather than guessing', () => {
    expect(captureCaption(null, 'id')).toBe('waktu pengambilan tidak diketahui');
    expect(captureCaption(undefined, 'id')).toBe('waktu pengambilan tidak diketahui');
    expect(captureCaption('not a time', 'en')).toBe('capture time unknown');
  });
});
