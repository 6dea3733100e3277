import {
  ANNOUNCEMENT_PUSH,
  DEFAULT_NOTIFICATION_PREFS,
  SERVER_NOTIFICATION_KINDS,
  type AnnouncementPush,
  type NotificationPrefChoices,
  type QuietHours,
} from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../components/ui/check-field.js';
import { toast } from '../../client/toast.js';
import { useNotificationPrefs } from './notification-queries.js';
import { prefChoices, setNotificationPrefs } from './notification-writes.js';
import type { ReactNode } from 'react';

/**
 * What the user wants pushed (decision 031): per kind on or off, all announcements or only the
 * important ones, and quiet hours in the school's time. Each change is saved at once, through
 * the outbox, so it works offline and reaches the server's sender with the next sync.
 */
export function NotificationPrefsCard({
  userId,
  children,
}: {
  userId: string;
  /** The push subscription's controls, shown first. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const stored = useNotificationPrefs(userId);
  const prefs = prefChoices(stored);

  const save = (change: Partial<NotificationPrefChoices>) => {
    setNotificationPrefs(userId, change).catch((err: unknown) => {
      toast.error(t('prefs.saveFailed'), err instanceof Error ? err.message : String(err));
    });
  };
  const quiet = prefs.quiet_hours;
  const setQuiet = (next: Partial<QuietHours>) => {
    const base = quiet ??
      DEFAULT_NOTIFICATION_PREFS.quiet_hours ?? { start: '21:00', end: '06:00' };
    const hours = { ...base, ...next };
    // Half-typed (the time input answers '' while being cleared): nothing to save yet.
    if (hours.start === '' || hours.end === '') return;
    save({ quiet_hours: hours });
  };

  return (
    <section className="card nt-prefs" id="prefs" aria-labelledby="nt-prefs-title">
      <h2 id="nt-prefs-title" className="nt-prefs-title">
        {t('prefs.title')}
      </h2>
      {children}
      <p className="nt-prefs-intro">{t('prefs.intro')}</p>
      <fieldset className="nt-fieldset" disabled={stored === undefined}>
        <legend>{t('prefs.pushKinds')}</legend>
        <div className="nt-kinds">
          {SERVER_NOTIFICATION_KINDS.map((kind) => (
            <CheckField
              key={kind}
              className="nt-check"
              label={t(`prefs.kinds.${kind}`)}
              checked={prefs.push[kind] !== false}
              onChange={(on) => save({ push: { [kind]: on } })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset
        className="nt-fieldset"
        disabled={stored === undefined || prefs.push.announcement === false}
      >
        <legend>{t('prefs.announcements')}</legend>
        <div className="nt-choices">
          {ANNOUNCEMENT_PUSH.map((value: AnnouncementPush) => (
            <label key={value} className="nt-choice">
              <input
                type="radio"
                name="nt-announcements"
                value={value}
                checked={prefs.announcements === value}
                onChange={() => save({ announcements: value })}
              />
              <span>
                {value === 'all' ? t('prefs.announcementsAll') : t('prefs.announcementsImportant')}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="nt-fieldset" disabled={stored === undefined}>
        <legend>{t('prefs.quiet')}</legend>
        <CheckField
          className="nt-check"
          label={t('prefs.quietOn')}
          checked={quiet !== null}
          onChange={(on) =>
            save({ quiet_hours: on ? DEFAULT_NOTIFICATION_PREFS.quiet_hours : null })
          }
        />
        {quiet !== null && (
          <div className="nt-quiet">
            {(['start', 'end'] as const).map((edge) => (
              <label key={edge} className="nt-time-field">
                <span>{edge === 'start' ? t('prefs.quietStart') : t('prefs.quietEnd')}</span>
                <input
                  type="time"
                  className="input"
                  value={quiet[edge]}
                  onChange={(event) => setQuiet({ [edge]: event.target.value })}
                  data-testid={`quiet-${edge}`}
                />
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </section>
  );
}
