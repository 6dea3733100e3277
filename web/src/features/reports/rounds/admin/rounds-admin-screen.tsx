import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schoolDay, type RoundTemplate } from '@urs/sync-protocol';
import { Page } from '../../../../components/ui/page.js';
import { OfflineNotice, useOnline } from '../../../../components/ui/online.js';
import { failureText } from '../../../../client/admin-kit.js';
import { toast } from '../../../../client/toast.js';
import { useSyncEngine } from '../../../../sync/index.js';
import { roleText } from '../../../../lib/role-text.js';
import { useMinute } from '../../../../lib/use-minute.js';
import { formatDueTime } from '../../../../lib/format.js';
import { useSchoolUtcOffset } from '../../data/job-queries.js';
import { useAreaNames, useRoundTemplates } from '../round-queries.js';
import { setPaused } from './rounds-api.js';
import { TemplateEditor } from './template-editor.js';
import { CalendarView, ComplianceView } from './compliance-view.js';
import './rounds-admin-i18n.js';
import '../../../../components/ui/admin.css';
import '../rounds.css';
import { scheduleText } from './schedule-text.js';
import '../../jobs/jobs.css';
import './rounds-admin.css';

type Tab = 'templates' | 'compliance' | 'calendar';
type Editing = { template: RoundTemplate | null } | null;

/**
 * `/admin/rounds`: the school's round templates (as this device holds them, so the list reads
 * offline too), their editor and pause (online, REST), and compliance with its calendar.
 */
export function RoundsAdminScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const minute = useMinute();
  const today = schoolDay(minute, useSchoolUtcOffset(minute));
  const [tab, setTab] = useState<Tab>('templates');
  const [editing, setEditing] = useState<Editing>(null);
  const engine = useSyncEngine();

  const afterWrite = () => void engine.syncOnce({ force: true });
  return (
    <Page
      title={t('pages.rounds')}
      actions={
        tab === 'templates' && editing === null ? (
          <button
            type="button"
            className="button button-primary"
            disabled={!online}
            onClick={() => setEditing({ template: null })}
          >
            {t('roundsAdmin.add')}
          </button>
        ) : undefined
      }
    >
      {!online && <OfflineNotice />}
      <div className="ra-tabs" role="tablist">
        {(['templates', 'compliance', 'calendar'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'ra-tab ra-tab-on' : 'ra-tab'}
            data-testid={`tab-${name}`}
            onClick={() => setTab(name)}
          >
            {t(`roundsAdmin.tab${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`)}
          </button>
        ))}
      </div>
      {tab === 'templates' &&
        (editing !== null ? (
          <TemplateEditor
            template={editing.template}
            today={today}
            online={online}
            onDone={(saved) => {
              setEditing(null);
              if (saved) afterWrite();
            }}
          />
        ) : (
          <TemplateList
            online={online}
            onEdit={(template) => setEditing({ template })}
            onChanged={afterWrite}
          />
        ))}
      {tab === 'compliance' && <ComplianceView today={today} online={online} />}
      {tab === 'calendar' && <CalendarView today={today} online={online} />}
    </Page>
  );
}

function TemplateList({
  online,
  onEdit,
  onChanged,
}: {
  online: boolean;
  onEdit: (template: RoundTemplate) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const templates = useRoundTemplates();
  const areaNames = useAreaNames();
  const [busy, setBusy] = useState<string | null>(null);
  const togglePause = async (template: RoundTemplate) => {
    setBusy(template.id);
    try {
      await setPaused(template.id, !template.paused);
      toast.success(template.paused ? t('roundsAdmin.resumedToast') : t('roundsAdmin.pausedToast'));
      onChanged();
    } catch (err) {
      toast.error(
        t('roundsAdmin.saveFailed'),
        failureText(err, t('roundsAdmin.saveFailed'), t('roundsAdmin.offline'), online),
      );
    } finally {
      setBusy(null);
    }
  };
  if (templates === undefined) return <p className="muted">{t('common.loading')}</p>;
  if (templates.length === 0) return <p className="card card-muted">{t('roundsAdmin.empty')}</p>;
  return (
    <ul className="tk-list" data-testid="round-templates">
      {templates.map((template) => (
        <li key={template.id} className="card ra-card" data-template={template.id}>
          <div className="ra-card-head">
            <strong>{template.title}</strong>
            <span className={template.paused ? 'jb-badge jb-overdue' : 'jb-badge rd-badge-done'}>
              {template.paused ? t('roundsAdmin.paused') : t('roundsAdmin.active')}
            </span>
          </div>
          <span className="muted">
            {template.area_ids
              .map((id) => areaNames?.get(id) ?? '')
              .filter((n) => n !== '')
              .join(', ')}
          </span>
          <span>
            {scheduleText(template.schedule, t)}
            {template.due_time !== null && ` · ${formatDueTime(template.due_time, i18n.language)}`}
            {' · '}
            {t('rounds.items', { count: template.items.length })}
          </span>
          <span className="muted">
            {template.assignee_role !== null
              ? t('roundsAdmin.roleAnyone', { role: roleText(template.assignee_role) })
              : t('roundsAdmin.assigneePerson')}
          </span>
          <div className="ra-card-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={!online}
              onClick={() => onEdit(template)}
            >
              {t('roundsAdmin.edit')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!online || busy === template.id}
              onClick={() => void togglePause(template)}
            >
              {template.paused ? t('roundsAdmin.resume') : t('roundsAdmin.pause')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
