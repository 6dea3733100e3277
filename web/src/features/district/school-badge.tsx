import { useTranslation } from 'react-i18next';
import '../../components/ui/admin.css';
import './district-i18n.js';

/** A school's state as the admin lists show an area's: active, or inactive. */
export function SchoolBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`admin-badge ${active ? 'admin-badge-on' : 'admin-badge-off'}`}>
      {active ? t('district.active') : t('district.inactive')}
    </span>
  );
}
