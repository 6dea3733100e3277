import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../components/ui/online.js';
import { toast } from '../../../client/toast.js';
import { PeriodPrintButton } from '../proof-sheet/period-print-button.js';
import { downloadReportExport } from './report-list-api.js';
import { EXPORT_SCOPES, type ExportScope, type ReportListState } from './report-list-logic.js';

const isScope = (value: string): value is ExportScope =>
  EXPORT_SCOPES.some((scope) => scope === value);

interface ToolbarProps {
  state: ReportListState;
  onChange: (next: ReportListState) => void;
  /** Shows a failure the way the list shows all of them. */
  fail: (title: string, err: unknown) => void;
  /** The signed-in user's school, for the period PDF. */
  schoolName?: string | null | undefined;
}

/** Above the table: the sort order, the Excel export and the period PDF of the current filters. */
export function ReportListToolbar({ state, onChange: setState, fail, schoolName }: ToolbarProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [scope, setScope] = useState<ExportScope>('all');
  const [exporting, setExporting] = useState(false);
  const order = state.order === 'desc' ? t('reportList.newest') : t('reportList.oldest');
  const runExport = async () => {
    setExporting(true);
    try {
      const name = await downloadReportExport(scope, state.filters);
      toast.success(t('reportList.exported', { name }));
    } catch (err) {
      fail(t('reportList.exportFailed'), err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="report-list-toolbar">
      <button
        type="button"
        className="button button-small button-secondary"
        // The order shown is in the name too: a screen reader hears which one is on, and voice
        // control finds the button by the words on it.
        aria-label={`${t('reportList.sortLabel')}: ${order}`}
        data-order={state.order}
        onClick={() =>
          setState({ ...state, order: state.order === 'desc' ? 'asc' : 'desc', page: 1 })
        }
      >
        {order}
      </button>
      <span className="report-list-spacer" />
      <label className="field-label" htmlFor="report-list-scope">
        {t('reportList.exportScope')}
      </label>
      <select
        id="report-list-scope"
        className="input admin-select"
        value={scope}
        onChange={(event) => {
          if (isScope(event.target.value)) setScope(event.target.value);
        }}
      >
        {EXPORT_SCOPES.map((value) => (
          <option key={value} value={value}>
            {t(`reportList.scopes.${value}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-primary"
        disabled={exporting}
        aria-busy={exporting}
        onClick={() => void runExport()}
      >
        {exporting ? t('reportList.exporting') : t('reportList.export')}
      </button>
      <PeriodPrintButton
        filters={state.filters}
        order={state.order}
        online={online}
        schoolName={schoolName}
      />
    </div>
  );
}
