import { useItemsText } from './items-i18n.js';

/** A load of the items tab that failed, said in place with a button to try it again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const tx = useItemsText();
  return (
    <div className="alert alert-error inv-inline-alert" role="alert">
      <span>{message}</span>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {tx('detail.retry')}
      </button>
    </div>
  );
}
