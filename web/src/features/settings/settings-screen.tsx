import { LANGUAGES, THEMES, type Language, type Theme } from '@urs/sync-protocol';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { syncsFieldData } from '../../lib/district.js';
import { Page } from '../../components/ui/page.js';
import type { PreferenceController } from '../../client/preferences.js';
import { toast } from '../../client/toast.js';
import { useAppSession, useCurrentUser, usePreference } from '../../client/use-session.js';
import { StorageCard } from './storage-card.js';

export function SettingsScreen() {
  const { t } = useTranslation();
  const { themePreference, languagePreference } = useAppSession();
  const user = useCurrentUser();

  return (
    <Page title={t('pages.settings')}>
      <div className="settings-grid">
        <ChoiceGroup<Theme>
          legend={t('settings.theme')}
          name="theme"
          values={THEMES}
          labelOf={(value) => t(`settings.themes.${value}`)}
          controller={themePreference}
        />
        <ChoiceGroup<Language>
          legend={t('settings.language')}
          name="language"
          values={LANGUAGES}
          labelOf={(value) => t(`settings.languages.${value}`)}
          controller={languagePreference}
        />
        <StorageCard />
        {/* The inbox and its settings are a school's: none for the district administrator. */}
        {user !== null && syncsFieldData(user.role) && (
          <section className="card storage-card" aria-labelledby="settings-notifications">
            <h2 id="settings-notifications" className="storage-title">
              {t('notificationsCard.title')}
            </h2>
            <p className="settings-note">{t('notificationsCard.text')}</p>
            <Link to="/notifications" hash="prefs" className="button button-secondary">
              {t('notificationsCard.open')}
            </Link>
          </section>
        )}
      </div>
    </Page>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  values: readonly T[];
  labelOf: (value: T) => string;
  controller: PreferenceController<T>;
}

/** Radio cards: the choice applies at once; a failed save has already been reverted, so only tell. */
function ChoiceGroup<T extends string>({
  legend,
  name,
  values,
  labelOf,
  controller,
}: ChoiceGroupProps<T>) {
  const current = usePreference(controller);
  const choose = (value: T) => {
    controller.set(value).catch((err: unknown) => {
      toast.error(err instanceof Error ? err.message : String(err));
    });
  };
  return (
    <fieldset className="card choice-group">
      <legend className="choice-legend">{legend}</legend>
      <div className="choices">
        {values.map((value) => (
          <label key={value} className="choice" data-value={value}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={current === value}
              onChange={() => choose(value)}
            />
            {name === 'theme' && <span className={`swatch swatch-${value}`} aria-hidden="true" />}
            <span>{labelOf(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
