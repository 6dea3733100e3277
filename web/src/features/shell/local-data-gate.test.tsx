// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { newId } from '@urs/sync-protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UrsDatabase } from '../../db/database.js';
import { initI18n } from '../../lib/i18n.js';
import { claimLocalData, dataOwner } from '../../sync/index.js';
import { SIGNED_IN_FRAME_ID } from '../dashboard/index.js';
import { FIXED_NOW, openTestDatabase, reportCreate, reportRow } from '../../test/sync-fixtures.js';
import { LocalDataGate, PREPARING_NOTICE_MS } from './local-data-gate.js';
import './shell-i18n.js';

const PREVIOUS = newId();
const NEXT = newId();

let db: UrsDatabase;

beforeAll(() => {
  initI18n('id');
});
beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => {
  cleanup();
  document.getElementById(SIGNED_IN_FRAME_ID)?.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
  db.close();
});

/**
 * A screen as every signed-in screen is: it reads the tables as soon as it is drawn. (A plain
 * read: Dexie's live queries never answer under jsdom.)
 */
function ReportsScreen({ seen }: { seen: string[][] }) {
  const [reporters, setReporters] = useState<string[]>();
  useEffect(() => {
    void db.reports.toArray().then((rows) => {
      const found = rows.map((r) => r.reporter_id);
      seen.push(found);
      setReporters(found);
    });
  }, [seen]);
  return <p data-testid="screen">{reporters?.length ?? '…'}</p>;
}

/** The device as the previous user left it: their report in the tables, which are theirs. */
async function leftBy(userId: string) {
  await claimLocalData(db, userId);
  await db.reports.put(reportRow(reportCreate(), userId, FIXED_NOW));
}

/** The gate for `userId`, with a screen under it that notes every read in `seen`. */
function renderGate(userId: string, seen: string[][] = []) {
  render(
    <LocalDataGate db={db} userId={userId}>
      <ReportsScreen seen={seen} />
    </LocalDataGate>,
  );
  return seen;
}

describe('<LocalDataGate />', () => {
  it("never draws a screen over the previous user's rows on a shared phone", async () => {
    await leftBy(PREVIOUS);
    const seen = renderGate(NEXT);
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('0'));
    // The screen was drawn only once the tables were the new user's: it never read a row of
    // the previous one, and the runtime's claim afterwards finds nothing left to do.
    expect(seen.flat()).not.toContain(PREVIOUS);
    expect(seen.length).toBeGreaterThan(0);
    expect(await dataOwner(db)).toBe(NEXT);
    expect(await claimLocalData(db, NEXT)).toBe(false);
  });

  it('draws the screen over the rows of the user they already belong to', async () => {
    await leftBy(NEXT);
    const seen = renderGate(NEXT);
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('1'));
    expect(seen.at(-1)).toEqual([NEXT]);
  });

  it('says what it waits for only when the hand-over takes a while', async () => {
    await leftBy(PREVIOUS);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A hand-over held up (a year of rows to clear on a slow phone).
    const get = db.meta.get.bind(db.meta) as (key: string) => Promise<unknown>;
    const slowGet = async (key: string) => {
      await held;
      return get(key);
    };
    vi.spyOn(db.meta, 'get').mockImplementation(slowGet as never);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderGate(NEXT);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(PREPARING_NOTICE_MS);
    });
    expect(screen.getByRole('status').textContent).toBe('Menyiapkan data untuk akun ini…');
    expect(screen.queryByTestId('screen')).toBeNull();
    vi.useRealTimers();
    release();
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('0'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the screens closed when the hand-over fails, and tries again on request', async () => {
    await leftBy(PREVIOUS);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clear = db.shadows.clear.bind(db.shadows);
    const failing = vi
      .spyOn(db.shadows, 'clear')
      .mockRejectedValueOnce(new Error('IndexedDB went away'))
      .mockImplementation(clear);
    const seen = renderGate(NEXT);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Data di perangkat ini belum bisa disiapkan untuk akun ini.',
    );
    expect(screen.queryByTestId('screen')).toBeNull();
    // The failed hand-over was rolled back: the rows are still the previous user's.
    expect(await dataOwner(db)).toBe(PREVIOUS);

    act(() => screen.getByRole('button', { name: 'Coba lagi' }).click());
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('0'));
    expect(seen.flat()).not.toContain(PREVIOUS);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('takes away the frame drawn ahead when the hand-over fails, so its alert is seen', async () => {
    // index.html's signed-in frame lies over the page until the dashboard replaces it; a gate
    // that stays shut never draws the dashboard, and the alert and its retry were under it.
    const frame = document.createElement('div');
    frame.id = SIGNED_IN_FRAME_ID;
    document.body.append(frame);
    await leftBy(PREVIOUS);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(db.shadows, 'clear').mockRejectedValue(new Error('IndexedDB went away'));
    renderGate(NEXT);
    await screen.findByRole('alert');
    expect(document.getElementById(SIGNED_IN_FRAME_ID)).toBeNull();
  });

  it('leaves the frame drawn ahead to the screen while the hand-over runs', async () => {
    const frame = document.createElement('div');
    frame.id = SIGNED_IN_FRAME_ID;
    document.body.append(frame);
    await leftBy(PREVIOUS);
    renderGate(NEXT);
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('0'));
    // The dashboard takes it (useTakeSignedInFrame); this stand-in screen does not.
    expect(document.getElementById(SIGNED_IN_FRAME_ID)).toBe(frame);
  });
});
