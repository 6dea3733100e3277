import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './admin.css';
import './admin-i18n.js';

/**
 * The edit and delete buttons of a table row or card, named for screen readers ("Edit Kantin").
 * A missing handler hides its button (a role that may not change the row).
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  labels,
  className = 'admin-actions',
  children,
}: {
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** The buttons' words where a screen has its own; the admin lists' otherwise. */
  labels?: { edit: string; delete: string };
  className?: string;
  /** Row-specific actions shown before edit and delete. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const edit = labels?.edit ?? t('admin.edit');
  const remove = labels?.delete ?? t('admin.delete');
  return (
    <div className={className}>
      {children}
      {onEdit !== undefined && (
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={`${edit} ${name}`}
          onClick={onEdit}
        >
          {edit}
        </button>
      )}
      {onDelete !== undefined && (
        <button
          type="button"
          className="button button-small admin-danger-outline"
          aria-label={`${remove} ${name}`}
          onClick={onDelete}
        >
          {remove}
        </button>
      )}
    </div>
  );
}
