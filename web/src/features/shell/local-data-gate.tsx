import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dropSignedInFrame } from '../dashboard/index.js';
import { takeLocalData, type DeviceDatabase } from './shell-data.js';

/** How long a hand-over may take before the screen says what it is waiting for. */
export const PREPARING_NOTICE_MS = 300;

type GateState =
  | { userId: string; status: 'checking' }
  | { userId: string; status: 'ready' }
  | { userId: string; status: 'failed' };

/**
 * Draws the signed-in screens only once the device's tables are this user's. On a shared phone
 * they may still hold the previous user's rows, which this user may not be allowed to see
 * (another custodian's reports, an admin's requests): the sync runtime clears them, but only
 * after the first screen is drawn, and every screen reads the tables as soon as it is drawn.
 *
 * Most starts find the tables already theirs: one read of the owner, in the same database the
 * first screen opens anyway. Otherwise the tables change hands here (sync/local-data-owner.ts), which
 * the runtime's own claim afterwards finds done. Should that fail, the screens stay closed
 * with a way to try again: drawing them would show the other user's rows.
 */
export function LocalDataGate({
  db,
  userId,
  children,
}: {
  /** The app's database unless a test passes its own. */
  db?: DeviceDatabase;
  userId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<GateState>({ userId, status: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [slow, setSlow] = useState(false);
  const current: GateState = state.userId === userId ? state : { userId, status: 'checking' };

  useEffect(() => {
    let live = true;
    const settle = (status: GateState['status']) => {
      if (live) setState({ userId, status });
    };
    setSlow(false);
    const notice = setTimeout(() => {
      if (live) setSlow(true);
    }, PREPARING_NOTICE_MS);
    takeLocalData(userId, db)
      .then(
        () => settle('ready'),
        (err: unknown) => {
          console.error('Gagal menyiapkan data perangkat', err);
          settle('failed');
        },
      )
      .finally(() => clearTimeout(notice));
    return () => {
      live = false;
      clearTimeout(notice);
    };
  }, [db, userId, attempt]);

  // index.html's signed-in frame lies over the page until the dashboard replaces it. Shut, the
  // gate never draws the dashboard: the frame would hide this alert and its retry for good.
  // (While the hand-over runs the frame stays: the dashboard usually follows within moments.)
  useLayoutEffect(() => {
    if (current.status === 'failed') dropSignedInFrame();
  }, [current.status]);

  if (current.status === 'ready') return <>{children}</>;
  if (current.status === 'failed') {
    return (
      <div className="alert alert-error" role="alert">
        <p>{t('shell.dataNotReady')}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setState({ userId, status: 'checking' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('shell.tryAgain')}
        </button>
      </div>
    );
  }
  return slow ? (
    <p className="muted" role="status">
      {t('shell.preparingData')}
    </p>
  ) : null;
}
