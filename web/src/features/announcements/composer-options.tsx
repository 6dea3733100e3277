import { ROLES, type Role } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import type { AnnouncementFormValues } from './announcements-logic.js';
import { roleText } from '../../lib/role-text.js';

type Set = <K extends keyof AnnouncementFormValues>(
  key: K,
  value: AnnouncementFormValues[K],
) => void;

/** Who sees the announcement, its priority and whether it is pinned. */
export function ComposerOptions({
  values,
  set,
  errors,
}: {
  values: AnnouncementFormValues;
  set: Set;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  const toggleRole = (role: Role, on: boolean) =>
    set(
      'roles',
      on
        ? [...values.roles.filter((r) => r !== role), role]
        : values.roles.filter((r) => r !== role),
    );
  return (
    <>
      <fieldset className="choice-group">
        <legend className="choice-legend">{t('announcements.audience')}</legend>
        <div className="choices">
          {(['everyone', 'roles'] as const).map((mode) => (
            <label key={mode} className="choice">
              <input
                type="radio"
                name="audience"
                checked={values.audienceMode === mode}
                onChange={() => set('audienceMode', mode)}
              />
              {mode === 'everyone' ? t('announcements.everyone') : t('announcements.chosenRoles')}
            </label>
          ))}
          {values.audienceMode === 'roles' && (
            <div className="an-roles">
              {ROLES.map((role) => (
                <label key={role} className="choice">
                  <input
                    type="checkbox"
                    checked={values.roles.includes(role)}
                    onChange={(event) => toggleRole(role, event.target.checked)}
                  />
                  {roleText(role)}
                </label>
              ))}
            </div>
          )}
        </div>
        {errors !== undefined && <p className="field-error">{errors.join(' ')}</p>}
      </fieldset>
      <fieldset className="choice-group">
        <legend className="choice-legend">{t('announcements.priority')}</legend>
        <div className="choices">
          {(['normal', 'important'] as const).map((priority) => (
            <label key={priority} className="choice">
              <input
                type="radio"
                name="priority"
                checked={values.priority === priority}
                onChange={() => set('priority', priority)}
              />
              {priority === 'normal'
                ? t('announcements.priorityNormal')
                : t('announcements.priorityImportant')}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="choice">
        <input
          type="checkbox"
          checked={values.pinned}
          onChange={(event) => set('pinned', event.target.checked)}
        />
        {t('announcements.pinnedLabel')}
      </label>
    </>
  );
}
