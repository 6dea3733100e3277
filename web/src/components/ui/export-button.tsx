import { useState } from 'react';
import { failureText } from '../../client/admin-kit.js';
import { toast } from '../../client/toast.js';

/** A screen's texts by their shared keys: export, exporting, exported ({{name}}), exportFailed, exportOffline. */
type ExportText = (
  key: 'export' | 'exporting' | 'exported' | 'exportFailed' | 'exportOffline',
  options?: { name: string },
) => string;

/**
 * An Excel export's button: needs the network (disabled offline, described by the screen's
 * `hintId` note), one download at a time, a toast naming the file or saying why it failed.
 */
export function ExportButton({
  download,
  online,
  hintId,
  text,
}: {
  /** Resolves to the downloaded file's name. */
  download: () => Promise<string>;
  online: boolean;
  hintId: string;
  text: ExportText;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toast.success(text('exported', { name: await download() }));
    } catch (err) {
      const title = text('exportFailed');
      const detail = failureText(err, title, text('exportOffline'), navigator.onLine);
      toast.error(title, detail === title ? undefined : detail);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={!online || busy}
      aria-busy={busy}
      {...(!online && { 'aria-describedby': hintId })}
      onClick={() => void run()}
    >
      {busy ? text('exporting') : text('export')}
    </button>
  );
}
