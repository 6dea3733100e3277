import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  dayNumber,
  isoWeekday,
  type ComplianceCounts,
  type RoundCalendar,
  type RoundCompliance,
} from '@urs/sync-protocol';
import { failureText } from '../../../../client/admin-kit.js';
import { ExportButton } from '../../../../components/ui/export-button.js';
import { TextField } from '../../../../components/ui/text-field.js';
import { formatMonth } from '../../../../lib/format.js';
import { roleText } from '../../../../lib/role-text.js';
import { downloadCompliance, fetchCalendar, fetchCompliance } from './rounds-api.js';
import './rounds-admin-i18n.js';

/*
 * Compliance for the admin (decision 030), from the server: per round, area and person over a
 * period (on time, late, missed, still open), and the month as a calendar. Online only; the
 * Excel export is the server's.
 */

type Load<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; text: string };

function useLoad<T>(key: string, load: () => Promise<T>, online: boolean): Load<T> {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    load()
      .then((data) => {
        if (live) setResult({ state: 'ready', data });
      })
      .catch((err: unknown) => {
        if (live) setResult({ state: 'failed', text: failureText(err, '', '', online) });
      });
    return () => {
      live = false;
    };
    // `load` is made anew each render; the key says what it loads.
  }, [key, online]);
  return result;
}

function CountsCells({ counts }: { counts: ComplianceCounts }) {
  return (
    <>
      <td className="ra-num ra-on-time">{counts.on_time}</td>
      <td className="ra-num ra-late">{counts.late}</td>
      <td className="ra-num ra-missed">{counts.missed}</td>
      <td className="ra-num">{counts.open}</td>
    </>
  );
}

function CountsTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: readonly { key: string; name: string; counts: ComplianceCounts }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table ra-table" data-testid={testId}>
        <caption className="ra-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('roundsAdmin.name')}</th>
            <th scope="col">{t('roundsAdmin.onTime')}</th>
            <th scope="col">{t('roundsAdmin.late')}</th>
            <th scope="col">{t('roundsAdmin.missed')}</th>
            <th scope="col">{t('roundsAdmin.openCount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <CountsCells counts={row.counts} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ComplianceView({ today, online }: { today: string; online: boolean }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [period, setPeriod] = useState({ from, to });
  const result = useLoad<RoundCompliance>(
    `${period.from}|${period.to}`,
    () => fetchCompliance(period.from, period.to),
    online,
  );
  return (
    <div className="ra-compliance">
      <form
        className="ra-period"
        onSubmit={(event) => {
          event.preventDefault();
          setPeriod({ from, to });
        }}
      >
        <TextField
          label={t('roundsAdmin.from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label={t('roundsAdmin.to')}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <button type="submit" className="button button-secondary">
          {t('roundsAdmin.show')}
        </button>
        <ExportButton
          download={() => downloadCompliance(period.from, period.to)}
          online={online}
          hintId="ra-export-hint"
          text={(key, options) => t(`roundsAdmin.${key}`, options)}
        />
      </form>
      {!online && (
        <p className="muted" id="ra-export-hint">
          {t('roundsAdmin.exportOffline')}
        </p>
      )}
      {result.state === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {result.state === 'failed' && (
        <p className="card card-muted" role="alert">
          {t('roundsAdmin.loadFailed')} {result.text}
        </p>
      )}
      {result.state === 'ready' && (
        <>
          <div className="ra-totals" data-testid="compliance-totals">
            <span className="ra-total ra-on-time">
              {t('roundsAdmin.onTime')}: <strong>{result.data.totals.on_time}</strong>
            </span>
            <span className="ra-total ra-late">
              {t('roundsAdmin.late')}: <strong>{result.data.totals.late}</strong>
            </span>
            <span className="ra-total ra-missed">
              {t('roundsAdmin.missed')}: <strong>{result.data.totals.missed}</strong>
            </span>
            <span className="ra-total">
              {t('roundsAdmin.openCount')}: <strong>{result.data.totals.open}</strong>
            </span>
          </div>
          <CountsTable
            caption={t('roundsAdmin.byTemplate')}
            testId="compliance-by-template"
            rows={result.data.by_template.map((r) => ({
              key: r.template_id,
              name: r.title,
              counts: r,
            }))}
          />
          <CountsTable
            caption={t('roundsAdmin.byArea')}
            testId="compliance-by-area"
            rows={result.data.by_area.map((r) => ({ key: r.area_id, name: r.name, counts: r }))}
          />
          <CountsTable
            caption={t('roundsAdmin.byPerson')}
            testId="compliance-by-person"
            rows={result.data.by_person.map((r) => ({
              key: r.user_id ?? `role:${r.role ?? ''}`,
              name:
                r.user_id === null
                  ? t('roundsAdmin.roleAnyone', { role: roleText(r.role) })
                  : r.name,
              counts: r,
            }))}
          />
        </>
      )}
    </div>
  );
}

/** The month's days as weeks (Monday first), with blanks before the 1st and after the last. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const next = addDays(first, 32).slice(0, 7);
  const days: (string | null)[] = Array.from(
    { length: isoWeekday(dayNumber(first)) - 1 },
    () => null,
  );
  for (let d = first; d.slice(0, 7) === month && d < `${next}-01`; d = addDays(d, 1)) days.push(d);
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

export function CalendarView({ today, online }: { today: string; online: boolean }) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(today.slice(0, 7));
  const result = useLoad<RoundCalendar>(month, () => fetchCalendar(month), online);
  const byDay = new Map(
    result.state === 'ready' ? result.data.days.map((d) => [d.date, d] as const) : [],
  );
  return (
    <div className="ra-calendar" data-testid="round-calendar">
      <div className="ra-month">
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('roundsAdmin.prevMonth')}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          ‹
        </button>
        <h2 className="ra-month-title">{formatMonth(month, i18n.language)}</h2>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('roundsAdmin.nextMonth')}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          ›
        </button>
      </div>
      {result.state === 'failed' && (
        <p className="card card-muted" role="alert">
          {t('roundsAdmin.loadFailed')} {result.text}
        </p>
      )}
      <div className="ra-legend">
        <span className="ra-on-time">■ {t('roundsAdmin.onTime')}</span>
        <span className="ra-late">■ {t('roundsAdmin.late')}</span>
        <span className="ra-missed">■ {t('roundsAdmin.missed')}</span>
        <span>■ {t('roundsAdmin.openCount')}</span>
      </div>
      <table className="ra-grid" aria-busy={result.state === 'loading'}>
        <thead>
          <tr>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <th key={d} scope="col">
                {t(`roundsAdmin.weekdayNames.${d}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                const counts = day === null ? undefined : byDay.get(day);
                return (
                  <td
                    key={day ?? `blank-${w}-${i}`}
                    className={day === today ? 'ra-day-cell ra-today' : 'ra-day-cell'}
                    data-date={day ?? undefined}
                  >
                    {day !== null && (
                      <>
                        <span className="ra-day-number">{Number(day.slice(8))}</span>
                        {counts !== undefined && (
                          <span className="ra-day-counts">
                            {counts.on_time > 0 && (
                              <span className="ra-on-time">{counts.on_time}</span>
                            )}
                            {counts.late > 0 && <span className="ra-late">{counts.late}</span>}
                            {counts.missed > 0 && (
                              <span className="ra-missed">{counts.missed}</span>
                            )}
                            {counts.open > 0 && <span className="ra-open">{counts.open}</span>}
                          </span>
                        )}
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
