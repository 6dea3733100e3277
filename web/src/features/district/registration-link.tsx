import type { School, SchoolUpdateInput } from '@urs/sync-protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../client/admin-kit.js';
import { confirmDialog } from '../../client/dialog.js';
import { toast } from '../../client/toast.js';
import { useOnline } from '../../components/ui/online.js';
import { useField } from '../../components/ui/field.js';
import { copyText } from './copy-text.js';
import { updateSchool } from './district-api.js';
import { registrationLink } from './district-logic.js';
import './district-i18n.js';
import './district.css';

/**
 * The link a school hands its new staff (`/register?school=<code>`): self-registration joins
 * the school whose code it carries. Copy it, make a new code (the old link stops working) or
 * turn it off.
 */
export function RegistrationLinkPanel({
  school,
  onChanged,
}: {
  school: School;
  onChanged: (school: School) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // The link's own labelled input, not a TextField: the copy fallback selects it by ref.
  const field = useField({ label: t('district.registration') });
  const link = registrationLink(location.origin, school.registration_code);

  const change = async (
    patch: SchoolUpdateInput,
    done: string,
    confirm?: { title: string; text: string; label: string },
  ) => {
    if (
      confirm !== undefined &&
      !(await confirmDialog({
        title: confirm.title,
        text: confirm.text,
        icon: 'warning',
        confirmLabel: confirm.label,
        cancelLabel: t('admin.cancel'),
        danger: true,
      }))
    ) {
      return;
    }
    setBusy(true);
    try {
      onChanged(await updateSchool(school.id, patch));
      toast.success(done);
    } catch (err) {
      toast.error(
        t('district.linkFailed'),
        failureText(err, '', t('admin.offline'), online) || undefined,
      );
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (link === null) return;
    if (await copyText(link, input.current)) toast.success(t('district.copied'));
    else {
      input.current?.select();
      toast.warning(t('district.copyFailed'));
    }
  };

  return (
    <section className="card district-section" aria-labelledby="school-registration">
      <h2 id="school-registration">{t('district.registration')}</h2>
      {link === null ? (
        <>
          <p className="muted">{t('district.noLink')}</p>
          <div className="admin-row">
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void change({ new_registration_code: true }, t('district.madeLink'))}
            >
              {t('district.makeLink')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">{t('district.registrationIntro')}</p>
          <div className="district-link-row">
            {field.frame(
              <input
                ref={input}
                id={field.id}
                className="input"
                {...field.aria}
                value={link}
                readOnly
                onFocus={(event) => event.target.select()}
                data-testid="registration-link"
              />,
            )}
            <button type="button" className="button button-primary" onClick={() => void copy()}>
              {t('district.copy')}
            </button>
          </div>
          <div className="admin-row">
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={busy}
              onClick={() =>
                void change({ new_registration_code: true }, t('district.renewed'), {
                  title: t('district.renewTitle'),
                  text: t('district.renewText'),
                  label: t('district.renew'),
                })
              }
            >
              {t('district.renew')}
            </button>
            <button
              type="button"
              className="button button-small admin-danger-outline"
              disabled={busy}
              onClick={() =>
                void change({ registration_code: null }, t('district.removed'), {
                  title: t('district.removeTitle'),
                  text: t('district.removeText'),
                  label: t('district.removeLink'),
                })
              }
            >
              {t('district.removeLink')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
