import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './admin.css';
import './admin-cards.css';
import './admin-i18n.js';

/**
 * An admin list's table: hidden caption, the given column heads and an actions column, the rows,
 * and the loading/empty row when there are none; users and areas/categories share it.
 */
export function AdminTable({
  caption,
  columns,
  testId,
  loading,
  empty,
  className,
  children,
}: {
  caption: string;
  /** The column heads before the actions column. */
  columns: readonly string[];
  testId: string;
  loading: boolean;
  empty: boolean;
  /** Added to the wrap's class, for a table's own layout rules. */
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={className === undefined ? 'admin-table-wrap' : `admin-table-wrap ${className}`}>
      <table className="admin-table" aria-busy={loading} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col" className="admin-actions-col">
              {t('admin.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {children}
          {empty && (
            <tr>
              <td colSpan={columns.length + 1} className="muted admin-empty">
                {loading ? t('admin.loading') : t('admin.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
