import { isRole, type Role } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { RoleOptions } from '../../components/ui/role-options.js';
import { SelectField } from '../../components/ui/select-field.js';
import type { Remote } from '../../components/ui/use-remote.js';
import type { listReportersByRole } from './report-list-api.js';

type Reporters = Awaited<ReturnType<typeof listReportersByRole>>;

interface ExplorerProps {
  role: Role;
  onRole: (role: Role) => void;
  explorer: Remote<Reporters>;
  /** The reporter whose reports the list shows, if any. */
  selected: string | undefined;
  onShow: (reporterId: string) => void;
}

/** The role explorer: the people of one role with their report counts; a click filters by one. */
export function ReportRoleExplorer({ role, onRole, explorer, selected, onShow }: ExplorerProps) {
  const { t } = useTranslation();
  return (
    <aside className="card admin-panel report-list-explorer" aria-labelledby="rl-explorer">
      <h2 id="rl-explorer" className="report-list-explorer-title">
        {t('reportList.explorer')}
      </h2>
      <SelectField
        id="report-list-explorer-role"
        label={t('reportList.explorerRole')}
        value={role}
        onChange={(value) => {
          if (isRole(value)) onRole(value);
        }}
      >
        <RoleOptions />
      </SelectField>
      <ul className="report-list-users" data-testid="role-explorer">
        {explorer.data !== null && explorer.data.length === 0 && (
          <li className="muted">{t('reportList.explorerEmpty')}</li>
        )}
        {(explorer.data ?? []).map((person) => (
          <li key={person.id}>
            <button
              type="button"
              className="report-list-user"
              data-user-id={person.id}
              aria-pressed={selected === person.id}
              aria-label={t('reportList.showReports', { name: person.name })}
              onClick={() => onShow(person.id)}
            >
              <span>{person.name}</span>
              <span className="report-list-count" data-count={person.report_count}>
                {t('reportList.reportCount', { count: person.report_count })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
