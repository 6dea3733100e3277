import type { OwnSchool } from '@urs/sync-protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../client/admin-kit.js';
import { confirmDialog } from '../../client/dialog.js';
import { toast } from '../../client/toast.js';
import { useOnline } from '../../components/ui/online.js';
import { TextField } from '../../components/ui/text-field.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { getOwnSchool, registrationLink, renewRegistrationCode } from './school-link-api.js';
import './school-link-i18n.js';
import './school-link.css';

/**
 * The school's registration link, for the admin to hand out (issue 39). Drawn only where the
 * deployment has several active schools: a single school registers without a code and shows
 * no school anywhere. Until the answer is here (or when it fails) nothing is drawn either, so
 * the user list never waits on it.
 */
export function SchoolLinkPanel() {
  const remote = useRemote('own-school', getOwnSchool);
  const [renewed, setRenewed] = useState<OwnSchool | null>(null);
  const school = renewed ?? remote.data;
  if (school === null || !school.several_schools) return null;
  return <SchoolLinkCard school={school} onRenewed={setRenewed} />;
}

function SchoolLinkCard({
  school,
  onRenewed,
}: {
  school: OwnSchool;
  onRenewed: (school: OwnSchool) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const titleId = useId();
  const linkId = useId();
  const [renewing, setRenewing] = useState(false);
  const code = school.registration_code;
  const link = code === null ? null : registrationLink(window.location.origin, code);

  const copy = async (text: string) => {
    try {
      // Absent outside a secure context (plain http on a school's LAN): copied by hand then.
      if (navigator.clipboard === undefined) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast.success(t('schoolLink.copied'));
    } catch {
      const field = document.getElementById(linkId);
      if (field instanceof HTMLInputElement) field.select();
      toast.info(t('schoolLink.copyByHand'), undefined, 8_000);
    }
  };

  const renew = async () => {
    if (
      code !== null &&
      !(await confirmDialog({
        title: t('schoolLink.renewTitle'),
        text: t('schoolLink.renewText'),
        icon: 'warning',
        confirmLabel: t('schoolLink.renew'),
      }))
    ) {
      return;
    }
    setRenewing(true);
    try {
      onRenewed(await renewRegistrationCode());
      toast.success(t('schoolLink.renewed'));
    } catch (err) {
      toast.error(failureText(err, t('schoolLink.renewFailed'), t('admin.offline'), online));
    } finally {
      setRenewing(false);
    }
  };

  return (
    <section className="card school-link" aria-labelledby={titleId}>
      <h2 id={titleId} className="school-link-title">
        {t('schoolLink.title')}
      </h2>
      <p className="card-muted school-link-intro">
        {t('schoolLink.intro', { school: school.name })}
      </p>
      {link === null ? (
        <div className="school-link-row">
          <p className="school-link-none">{t('schoolLink.none')}</p>
          <button
            type="button"
            className="button button-primary"
            disabled={!online || renewing}
            onClick={() => void renew()}
          >
            {t('schoolLink.create')}
          </button>
        </div>
      ) : (
        <>
          <div className="school-link-row">
            <TextField
              id={linkId}
              label={t('schoolLink.link')}
              className="school-link-field"
              value={link}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button button-primary" onClick={() => void copy(link)}>
              {t('schoolLink.copy')}
            </button>
          </div>
          <div className="school-link-renew">
            <button
              type="button"
              className="button button-secondary"
              disabled={!online || renewing}
              onClick={() => void renew()}
            >
              {t('schoolLink.renew')}
            </button>
            <p className="field-hint">{t('schoolLink.renewHint')}</p>
          </div>
        </>
      )}
    </section>
  );
}
