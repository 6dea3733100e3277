import { TEXT_LIMITS } from '@urs/sync-protocol';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field.js';
import type { SchoolEditForm } from './district-logic.js';
import './district-i18n.js';

type FieldProps = {
  name: string;
  value: string;
  errors: string[] | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A school's own fields (its name, first, and the SSO domains), as creating and editing ask them. */
export function SchoolFields({ text }: { text: (name: keyof SchoolEditForm) => FieldProps }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('district.name')}
        {...text('name')}
        maxLength={TEXT_LIMITS.referenceName}
        required
        autoFocus
        autoComplete="off"
      />
      <TextField
        label={t('district.ssoField')}
        {...text('sso_domains')}
        hint={t('district.ssoHint')}
        autoComplete="off"
        spellCheck={false}
      />
    </>
  );
}
